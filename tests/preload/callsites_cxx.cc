// C++ sites: a std::vector built in make_field, and one inside a class
// (Grid) built in make_grid; both alive at the peak.
#include <cstdio>
#include <memory>
#include <vector>

namespace ocean
{
struct Grid {
    std::vector<double> cells;
    explicit Grid(std::size_t n) : cells(n, 1.0) {}
};
} // namespace ocean

__attribute__((noinline)) std::vector<double> *make_field(std::size_t n)
{
    return new std::vector<double>(n, 2.0);
}

__attribute__((noinline)) ocean::Grid *make_grid(std::size_t n)
{
    return new ocean::Grid(n);
}

int main()
{
    std::unique_ptr<std::vector<double>> field(make_field(8u << 20));
    std::unique_ptr<ocean::Grid> grid(make_grid(2u << 20));
    std::printf("%zu %zu\n", field->size(), grid->cells.size());
    return 0;
}

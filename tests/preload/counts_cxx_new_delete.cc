// C++ new and delete, new[] and delete[], and aligned new: all reach the
// C allocator, and are counted like it.
#include "expect.h"

#include <new>

struct alignas(64) Wide {
    char bytes[200];
};

int main(int argc, char **argv)
{
    int *ints[100];
    double *arrays[50];
    Wide *wides[10];

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    for (int i = 0; i < 100; i++)
        ints[i] = static_cast<int *>(expect_alloc(new int(i)));
    for (int i = 0; i < 50; i++)
        arrays[i] =
            static_cast<double *>(expect_alloc(new double[i * 100 + 1]));
    for (int i = 0; i < 10; i++)
        wides[i] = static_cast<Wide *>(expect_alloc(new Wide()));
    for (int i = 0; i < 100; i += 2) {
        expect_release(ints[i]);
        delete ints[i];
    }
    for (int i = 0; i < 50; i += 5) {
        expect_release(arrays[i]);
        delete[] arrays[i];
    }
    for (int i = 0; i < 10; i++) {
        expect_release(wides[i]);
        delete wides[i];
    }
    expect_print();
    return 0;
}

/* malloc and free: small, medium and mmapped blocks, freed out of order,
 * some left live at exit; free(NULL) is not a release. */
#include "expect.h"

int main(int argc, char **argv)
{
    static const size_t sizes[] = {1, 16, 24, 100, 1000, 4096, 70000, 300000};
    void *blocks[400];
    int n = 0;

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    for (int round = 0; round < 50; round++)
        for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
            blocks[n++] = expect_alloc(malloc(sizes[i] + (size_t)round));
    for (int i = 0; i < n; i += 2) {
        expect_release(blocks[i]);
        free(blocks[i]);
    }
    free(NULL);
    for (int i = 1; i < n - 10; i += 2) {
        expect_release(blocks[i]);
        free(blocks[i]);
    }
    expect_print();
    return 0;
}

/* pvalloc: page-aligned blocks of several sizes. */
#include "expect.h"

int main(int argc, char **argv)
{
    void *blocks[32];

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    for (int i = 0; i < 32; i++) {
        blocks[i] = expect_alloc(pvalloc((size_t)1 << (i % 19)));
        if ((uintptr_t)blocks[i] % 4096)
            expect_fail("pvalloc misaligned");
    }
    for (int i = 0; i < 32; i += 2) {
        expect_release(blocks[i]);
        free(blocks[i]);
    }
    expect_print();
    return 0;
}

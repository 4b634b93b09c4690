/* memalign at alignments from 8 B to 64 KiB, small and mmapped sizes. */
#include "expect.h"

int main(int argc, char **argv)
{
    void *blocks[64];
    int n = 0;

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    for (size_t align = 8; align <= 65536; align *= 4)
        for (size_t size = 64; size <= 262144; size *= 8) {
            blocks[n] = expect_alloc(memalign(align, size));
            if ((uintptr_t)blocks[n++] % align)
                expect_fail("memalign misaligned");
        }
    for (int i = 1; i < n; i += 2) {
        expect_release(blocks[i]);
        free(blocks[i]);
    }
    expect_print();
    return 0;
}

/* posix_memalign at several alignments; a bad alignment returns EINVAL,
 * is not counted, and leaves errno alone. */
#include "expect.h"

#include <errno.h>

int main(int argc, char **argv)
{
    void *blocks[40], *p = NULL;
    int n = 0;

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    for (size_t align = sizeof(void *); align <= 65536; align *= 2)
        for (size_t size = 1; size < 400000; size *= 37) {
            if (n == 40)
                break;
            if (posix_memalign(&blocks[n], align, size))
                expect_fail("posix_memalign failed");
            if ((uintptr_t)blocks[n] % align)
                expect_fail("posix_memalign misaligned");
            expect_alloc(blocks[n++]);
        }
    errno = EDOM;
    if (posix_memalign(&p, 24, 100) != EINVAL || p || errno != EDOM)
        expect_fail("posix_memalign with alignment 24");
    for (int i = 0; i < n; i += 3) {
        expect_release(blocks[i]);
        free(blocks[i]);
    }
    expect_print();
    return 0;
}

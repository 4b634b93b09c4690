/* calloc, including large zeroed blocks as Python's bytes() asks for; an
 * overflowing calloc fails and is not counted. */
#include "expect.h"

#include <errno.h>

int main(int argc, char **argv)
{
    void *blocks[64];
    volatile size_t huge = SIZE_MAX / 2; /* hidden from the compiler */

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    for (int i = 0; i < 64; i++)
        blocks[i] = expect_alloc(calloc((size_t)i + 1, (size_t)1 << (i % 18)));
    if (calloc(huge, 4) != NULL || errno != ENOMEM)
        expect_fail("overflowing calloc");
    for (int i = 0; i < 60; i++) {
        expect_release(blocks[i]);
        free(blocks[i]);
    }
    expect_print();
    return 0;
}

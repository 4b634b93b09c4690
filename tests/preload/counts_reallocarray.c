/* reallocarray counts as realloc does; an overflowing one fails with
 * ENOMEM, changes nothing, and is not counted. */
#include "expect.h"

#include <errno.h>

int main(int argc, char **argv)
{
    void *p = NULL, *q;
    size_t old;
    volatile size_t huge = SIZE_MAX / 2; /* hidden from the compiler */

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    p = expect_alloc(reallocarray(NULL, 4, 8));
    for (size_t n = 8; n < 100000; n *= 2) {
        old = malloc_usable_size(p);
        q = reallocarray(p, n, 24);
        if (!q)
            expect_fail("reallocarray failed");
        p = expect_realloc(p, old, q);
    }
    if (reallocarray(p, huge, 3) != NULL || errno != ENOMEM)
        expect_fail("overflowing reallocarray");
    expect_release(p);
    free(p);
    p = expect_alloc(reallocarray(NULL, 100, 100));
    expect_print();
    return 0;
}

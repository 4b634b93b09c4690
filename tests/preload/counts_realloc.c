/* realloc: from NULL (an allocation), growing and shrinking (in place or
 * moving: a move is one release and one allocation), to size 0 (a
 * release, or under mimalloc a move). */
#include "expect.h"

int main(int argc, char **argv)
{
    void *p = NULL, *q, *kept[32];
    size_t old;

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    p = expect_alloc(realloc(NULL, 10));
    for (size_t size = 16; size < 2000000; size = size * 3 / 2) {
        /* Something after p, so that some of the growths must move. */
        kept[size % 32] = expect_alloc(malloc(size % 200 + 1));
        old = malloc_usable_size(p);
        q = realloc(p, size);
        if (!q)
            expect_fail("realloc failed");
        p = expect_realloc(p, old, q);
    }
    for (size_t size = 2000000; size > 8; size /= 3) {
        old = malloc_usable_size(p);
        q = realloc(p, size);
        if (!q)
            expect_fail("realloc failed");
        p = expect_realloc(p, old, q);
    }
    expect_release(p);
    q = realloc(p, 0);
    /* C leaves realloc(p, 0) to the allocator: glibc's and jemalloc's free
     * p and return NULL; mimalloc's moves p into a new smallest block. */
    if (q == p)
        expect_fail("realloc(p, 0) kept p");
    if (q) {
        expect_alloc(q);
        expect_release(q);
        free(q);
    }
    (void)kept;
    expect_print();
    return 0;
}

/* Three known sites alive together at the peak, after churn that is freed
 * before it: 120 MiB in 64 KiB blocks (hold_big), 60 MiB in 4 KiB blocks
 * (hold_small), 10 MiB in 1 MiB blocks (hold_huge). Prints what each site
 * holds in usable bytes, "truth NAME BYTES", then either frees everything
 * and exits (no argument), or with "kill" says "peak" and waits on stdin
 * for the driver to kill it. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define _BLOCKS (1920 + 15360 + 10)

static void *_kept[_BLOCKS];
static size_t _nkept;

/* Each site calls malloc itself, so that its function is the site. */
#define _HOLD(size, count)                                                     \
    do {                                                                       \
        for (size_t i = 0; i < (count); i++) {                                 \
            char *p = malloc(size);                                            \
            if (!p)                                                            \
                exit(99);                                                      \
            p[0] = 1;                                                          \
            bytes += malloc_usable_size(p);                                    \
            _kept[_nkept++] = p;                                               \
        }                                                                      \
    } while (0)

__attribute__((noinline)) size_t hold_big(void)
{
    size_t bytes = 0;

    _HOLD(64 << 10, 1920);
    return bytes;
}

__attribute__((noinline)) size_t hold_small(void)
{
    size_t bytes = 0;

    _HOLD((4 << 10) - 16, 15360);
    return bytes;
}

__attribute__((noinline)) size_t hold_huge(void)
{
    size_t bytes = 0;

    _HOLD(1 << 20, 10);
    return bytes;
}

/* Allocations of every size that are all freed before the peak. */
__attribute__((noinline)) void churn(void)
{
    static void *ring[64];

    for (unsigned i = 0; i < 200000; i++) {
        free(ring[i % 64]);
        ring[i % 64] = malloc(16 + (i * 7919) % 30000);
    }
    for (unsigned i = 0; i < 64; i++)
        free(ring[i]);
}

int main(int argc, char **argv)
{
    size_t big, small, huge;
    char c;

    churn();
    big = hold_big();
    small = hold_small();
    huge = hold_huge();
    printf("truth hold_big %zu\ntruth hold_small %zu\ntruth hold_huge %zu\n",
           big, small, huge);
    fflush(stdout);
    if (argc > 1 && !strcmp(argv[1], "kill")) {
        printf("peak\n");
        fflush(stdout);
        (void)!read(0, &c, 1);
    }
    while (_nkept)
        free(_kept[--_nkept]);
    return 0;
}

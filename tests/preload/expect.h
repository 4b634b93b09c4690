/* For the test programs: keep the figures heapline should report, computed
 * from malloc_usable_size, and print them at the end as
 *   expect allocs=N frees=N peak=N live=N
 * with write(2), so that printing allocates nothing. A program run with the
 * argument "baseline" allocates nothing of its own, which lets the driver
 * subtract what the C or C++ runtime allocates by itself. */
#ifndef HEAPLINE_TEST_EXPECT_H
#define HEAPLINE_TEST_EXPECT_H

#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t expect_allocs, expect_frees;
static int64_t expect_live, expect_peak;
/* Set when threads make the peak exact only within heapline's bound. */
static int expect_peak_bounded;

static inline int expect_baseline(int argc, char **argv)
{
    return argc > 1 && !strcmp(argv[1], "baseline");
}

static inline void expect_fail(const char *what)
{
    static const char prefix[] = "test program: unexpected: ";
    (void)!write(2, prefix, sizeof(prefix) - 1);
    (void)!write(2, what, strlen(what));
    (void)!write(2, "\n", 1);
    _exit(99);
}

/* After a successful allocation. */
static inline void *expect_alloc(void *p)
{
    if (!p)
        expect_fail("allocation failed");
    expect_allocs++;
    expect_live += (int64_t)malloc_usable_size(p);
    if (expect_live > expect_peak)
        expect_peak = expect_live;
    return p;
}

/* Before a release. */
static inline void expect_release(void *p)
{
    expect_frees++;
    expect_live -= (int64_t)malloc_usable_size(p);
}

/* Around a realloc: old usable size before, block after. */
static inline void *expect_realloc(void *old, size_t old_usable, void *p)
{
    if (p != old) {
        expect_allocs++;
        expect_frees++;
    }
    expect_live += (int64_t)malloc_usable_size(p) - (int64_t)old_usable;
    if (expect_live > expect_peak)
        expect_peak = expect_live;
    return p;
}

/* A negative expect_peak means "not checked here". */
static inline void expect_print(void)
{
    char line[160];
    int n =
        snprintf(line, sizeof(line), "expect allocs=%llu frees=%llu live=%lld",
                 (unsigned long long)expect_allocs,
                 (unsigned long long)expect_frees, (long long)expect_live);

    if (expect_peak >= 0)
        n += snprintf(line + n, sizeof(line) - (size_t)n, " %s=%lld",
                      expect_peak_bounded ? "peak_within_bound" : "peak",
                      (long long)expect_peak);
    line[n++] = '\n';
    (void)!write(1, line, (size_t)n);
}

#endif

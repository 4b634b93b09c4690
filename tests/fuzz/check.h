/* The fuzz targets' invariant check: a broken invariant aborts, which
 * libFuzzer reports as a crash and saves the input that caused it. */
#ifndef HEAPLINE_FUZZ_CHECK_H
#define HEAPLINE_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define FUZZ_CHECK(cond)                                                       \
    ((cond) ? (void)0 : _fuzz_fail(#cond, __FILE__, __LINE__))

static inline void _fuzz_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
    abort();
}

/* True when s[0..cap) holds a NUL: a string that stays within its bound. */
static inline int fuzz_terminated(const char *s, size_t cap)
{
    for (size_t i = 0; i < cap; i++)
        if (s[i] == '\0')
            return 1;
    return 0;
}

#endif

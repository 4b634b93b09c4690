/* A fixed-seed xorshift64 generator: every run of a workload makes the same
 * sequence of calls, so tools are compared on identical work. */
#ifndef HEAPLINE_BENCH_XORSHIFT_H
#define HEAPLINE_BENCH_XORSHIFT_H

#include <stdint.h>

static inline uint64_t xorshift64(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* A size in [lo, hi]; the modulo bias is irrelevant to a benchmark. */
static inline size_t xorshift_size(uint64_t *state, size_t lo, size_t hi)
{
    return lo + (size_t)(xorshift64(state) % (hi - lo + 1));
}

#endif

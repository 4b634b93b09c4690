/* Which allocations pay for a stack: a per-thread countdown of bytes whose
 * gaps are drawn from an exponential distribution of mean R (the rate), so
 * that the sample points form a Poisson process over the bytes allocated.
 * An allocation of s bytes then holds a sample point with probability
 * p(s) = 1 - exp(-s/R), independently of every other, and counting it with
 * the weight s / p(s) makes the sum of the weights of the sampled live
 * blocks an unbiased estimate of their bytes (as tcmalloc and jemalloc do).
 * See doc/sites.md. */
#ifndef HEAPLINE_CALLSITES_SAMPLER_H
#define HEAPLINE_CALLSITES_SAMPLER_H

#include <stdint.h>

#pragma GCC visibility push(hidden)

/* Bytes this thread may still allocate before the next sample: the hot
 * path subtracts each allocation's size, and calls hl_callsites_sample when it
 * goes below zero. Zero in a new thread, whose first allocation draws its
 * first gap; never below zero for long while sites are off, since the gap
 * is then INT64_MAX. */
extern __thread int64_t hl_callsites_countdown
    __attribute__((tls_model("initial-exec")));

/* The mean gap in bytes (0: sampling off), and the seed of the threads'
 * generators (0: one from the clock and the pid). */
void hl_sampler_init(uint64_t rate, uint64_t seed);

/* The mean gap, 0 when off. */
uint64_t hl_sampler_rate(void);

/* Whether the allocation that made the countdown go below
 * zero holds a sample point; draws this thread's next gap. A thread's
 * first call only draws its first gap and then decides as any other. */
int hl_sampler_take(void);

/* The weight of a sampled block of size bytes: size / p(size). */
uint64_t hl_sampler_weight(uint64_t size);

/* Its part of the variance of the estimate, w (w - size), in units of
 * 2^20 square bytes (see hl_sampler_se). */
uint64_t hl_sampler_variance(uint64_t size, uint64_t weight);

/* The standard error, in bytes, of a sum of estimates whose variances
 * (in the units above) add to variance. */
uint64_t hl_sampler_se(uint64_t variance);

/* In a forked child: the generator of the thread that forked is reseeded,
 * so that parent and child do not draw the same gaps. */
void hl_sampler_after_fork(void);

#pragma GCC visibility pop

#endif

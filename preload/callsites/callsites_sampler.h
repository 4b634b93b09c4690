/* Which allocations pay for a stack: a per-thread countdown of bytes whose
 * gaps are drawn from an exponential distribution of mean R (the rate), so
 * that the sample points form a Poisson process over the bytes allocated.
 * An allocation of s bytes (counted with HL_SAMPLE_PAD more) then holds
 * a sample point with probability p(s) = 1 - exp(-(s + 8)/R),
 * independently of every other, and counting it with the weight s / p(s)
 * makes the sum of the weights of the sampled live
 * blocks an unbiased estimate of their bytes (as tcmalloc and jemalloc do).
 * See doc/sites.md. */
#ifndef HEAPLINE_CALLSITES_SAMPLER_H
#define HEAPLINE_CALLSITES_SAMPLER_H

#include <stdint.h>

#pragma GCC visibility push(hidden)

/* A thread's countdown is the bytes it may still allocate before its next
 * sample: the hot path subtracts each allocation's usable size plus
 * HL_SAMPLE_PAD (alloc/counters.h, which keeps it), and the allocation
 * that makes it reach zero or less is the one that holds the sample point
 * (hl_sampler_take). HL_SAMPLE_PAD is glibc's 8 bytes of chunk header:
 * the chunk's size is what the hot path has in hand. Zero in a new
 * thread, whose first allocation draws its first gap; never zero for long
 * while sites are off, since the gap is then INT64_MAX. */
#define HL_SAMPLE_PAD 8

/* The mean gap in bytes (0: sampling off), and the seed of the threads'
 * generators (0: one from the clock and the pid). */
void hl_sampler_init(uint64_t rate, uint64_t seed);

/* The mean gap, 0 when off. */
uint64_t hl_sampler_rate(void);

/* Whether the allocation that made the countdown reach zero holds a
 * sample point; draws this thread's next gap. A thread's first call only
 * draws its first gap and then decides as any other. */
int hl_sampler_take(int64_t *countdown);

/* The weight of a sampled block of size usable bytes: size / p, where
 * p = 1 - exp(-(size + HL_SAMPLE_PAD) / R) is the chance that it was. */
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

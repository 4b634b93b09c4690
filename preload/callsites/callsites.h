/* Where the heap is: sampled allocation sites (on unless HEAPLINE_SITES=0).
 *
 * One allocation per HEAPLINE_SITES_RATE bytes on average (512 KiB) is
 * sampled: its stack is kept (callsites_stacks.h), and the block is
 * followed until it is freed (callsites_live.h; alloc/tagged.h for how
 * its release is known at no cost to the others), so that the estimated live
 * bytes of each stack are known at any time; at each peak milestone they are
 * kept as the "at peak" table, which the record carries. See doc/sites.md. */
#ifndef HEAPLINE_CALLSITES_H
#define HEAPLINE_CALLSITES_H

#include "callsites_live.h"
#include "callsites_sampler.h"

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

/* The sites settings, read once at start. */
struct hl_callsites_settings {
    int on;
    int asked;     /* HEAPLINE_SITES set to turn them on, not the default */
    uint64_t rate; /* mean gap, bytes */
    uint64_t seed; /* 0: none given */
};

extern struct hl_callsites_settings hl_callsites_settings;

/* Reads HEAPLINE_SITES, HEAPLINE_SITES_RATE and HEAPLINE_SITES_SEED. */
void hl_callsites_load_settings(void);

/* Loads the unwinder and readies the sampler if sites are on (else, or
 * if libunwind cannot be had, sites are off); the unwinder's set-up and
 * the tables wait for the first sample (hl_callsites_keep). Every
 * allocation must take the general path (which knows the library's own
 * blocks) before it is called. */
void hl_callsites_start(int64_t *countdown);

/* Set while the sites code runs in this thread (loading libunwind at
 * start, setting it up at the first sample, taking a stack): what is
 * allocated meanwhile is the library's own (the loader allocates
 * libunwind's thread-local storage at a thread's first sample), neither
 * counted nor sampled, and nor is its release; a signal handler's
 * allocation meanwhile is not sampled. The countdown is held at zero
 * meanwhile, so that every allocation leaves the inline path for the one
 * that knows this. */
extern __thread int hl_callsites_internal
    __attribute__((tls_model("initial-exec")));

/* Around the library's own allocations (the sites code's, or a realloc
 * of one of its blocks). countdown, here and below, is the calling
 * thread's countdown to its next sample, which its counters hold
 * (alloc/counters.h) for the inline path to subtract from: the caller
 * passes it, so that the sites code, which the counters' layer calls,
 * does not call back into it. */
void hl_callsites_own_begin(int64_t *countdown);
void hl_callsites_own_end(int64_t *countdown);

/* Marks p, allocated while hl_callsites_internal is set, as the library's
 * own. */
void hl_callsites_keep_own(void *p) __attribute__((cold, noinline));

/* When the countdown reached zero (hl_count_sample_due), outside the sites
 * code: whether the block holds a sample point. */
int hl_callsites_take(int64_t *countdown) __attribute__((cold, noinline));

/* Keeps the block at p of size usable bytes as a sample: its stack, its
 * weight, until hl_callsites_forget. */
void hl_callsites_keep(void *p, size_t size, int64_t *countdown)
    __attribute__((cold, noinline));

/* The release of a block that may have been kept: 1 when p is one of the
 * library's own, whose release is not counted. */
int hl_callsites_forget(void *p) __attribute__((cold, noinline));

/* Before the block at p is released (or moved by realloc), where the
 * block may have been kept untagged: 1 when it is one of the library's
 * own, whose release is not counted. */
static inline int hl_callsites_free(void *p)
{
    return __builtin_expect(hl_live_maybe(p), 0) && hl_callsites_forget(p);
}

/* At a peak milestone: the live estimates of every stack become the "at
 * peak" table. From one thread at a time (the milestone's writer). */
void hl_callsites_at_peak(void);

/* Around a fork (pthread_atfork's handlers): before it, after it in the
 * parent, and in the forked child. */
void hl_callsites_before_fork(void);
void hl_callsites_after_fork_in_parent(void);
void hl_callsites_after_fork(void);

#pragma GCC visibility pop

#endif

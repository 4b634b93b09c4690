/* Where the heap is: sampled allocation sites (HEAPLINE_SITES=1).
 *
 * One allocation per HEAPLINE_SITES_RATE bytes on average (512 KiB) is
 * sampled: its stack is kept (sites_stacks.h), and the block is followed
 * until it is freed (sites_live.h), so that the estimated live bytes of
 * each stack are known at any time; at each peak milestone they are kept
 * as the "at peak" table, which the record carries. See doc/sites.md. */
#ifndef HEAPLINE_SITES_H
#define HEAPLINE_SITES_H

#include "sites_live.h"
#include "sites_sampler.h"

#include <stddef.h>

#pragma GCC visibility push(hidden)

/* The sites settings, read once at start. */
struct hl_sites_settings {
    int on;
    uint64_t rate; /* mean gap, bytes */
    uint64_t seed; /* 0: none given */
};

extern struct hl_sites_settings hl_sites_settings;

/* Reads HEAPLINE_SITES, HEAPLINE_SITES_RATE and HEAPLINE_SITES_SEED, and
 * readies the tables and the unwinder if sites are on. */
void hl_sites_start(void);

/* The slow paths: the countdown went below zero, or p may be sampled. */
void hl_sites_sample(void *p, size_t size) __attribute__((cold, noinline));
void hl_sites_forget(void *p) __attribute__((cold, noinline));

/* After a block of size usable bytes is allocated at p. */
static inline void hl_sites_alloc(void *p, size_t size)
{
    if (__builtin_expect((hl_sites_countdown -= (int64_t)size) < 0, 0))
        hl_sites_sample(p, size);
}

/* Before the block at p is released (or moved by realloc). */
static inline void hl_sites_free(void *p)
{
    if (__builtin_expect(hl_live_maybe(p), 0))
        hl_sites_forget(p);
}

/* At a peak milestone: the live estimates of every stack become the "at
 * peak" table. From one thread at a time (the milestone's writer). */
void hl_sites_at_peak(void);

/* In a forked child. */
void hl_sites_after_fork(void);

#pragma GCC visibility pop

#endif

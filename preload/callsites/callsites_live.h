/* The live sampled blocks, found by address when they are freed.
 *
 * A free first looks at a counting filter: one byte per bucket of
 * addresses, the number of live sampled blocks whose address falls in it.
 * A block that was never sampled finds its byte 0 (unless another sampled
 * block shares its bucket) and costs a multiply, a shift, a load and a
 * branch. Only then is the table searched: open addressing over a short
 * window of slots, with compare-and-swap on the key, so that neither a
 * signal handler nor a fork ever waits on a lock. */
#ifndef HEAPLINE_CALLSITES_LIVE_H
#define HEAPLINE_CALLSITES_LIVE_H

#include <stdint.h>

#pragma GCC visibility push(hidden)

#define HL_LIVE_FILTER_BITS 16

/* What is kept of a sampled block until it is freed. */
struct hl_live_block {
    uintptr_t key; /* its address; 0, 1 and 2 mark a free slot */
    uint32_t stack;
    uint32_t _pad;
    uint64_t weight;   /* its estimated bytes */
    uint64_t variance; /* hl_sampler_variance */
};

extern uint8_t hl_live_filter[1u << HL_LIVE_FILTER_BITS];

static inline unsigned hl_live_bucket(const void *p)
{
    return (unsigned)(((uintptr_t)p * 0x9e3779b97f4a7c15ULL) >>
                      (64 - HL_LIVE_FILTER_BITS));
}

/* Whether p may be a live sampled block (false: it is not). */
static inline int hl_live_maybe(const void *p)
{
    return hl_live_filter[hl_live_bucket(p)] != 0;
}

/* Maps the table; 0, or -1 if it cannot be had (sites then stay off). */
int hl_live_init(void);

/* Keeps block b (b->key its address): 0, or -1 when its window of slots
 * is full (the sample is then dropped and counted in hl_live_dropped). */
int hl_live_insert(const struct hl_live_block *b);

/* Takes out the block at p into *out: 1, or 0 if p is not a live sampled
 * block. */
int hl_live_remove(const void *p, struct hl_live_block *out);

/* Samples dropped because the table was full around them. */
uint64_t hl_live_dropped(void);

#pragma GCC visibility pop

#endif

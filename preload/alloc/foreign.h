/* The usable size of a block, whichever the allocator: glibc's from its
 * chunk header (forward.h); another's (jemalloc, tcmalloc...) without
 * asking it where possible, since its malloc_usable_size costs as much as
 * its malloc (jemalloc's, about 40 instructions):
 *
 * - a new block from the allocator's size classes, by the size asked for
 *   (read from its nallocx, or mimalloc's mi_good_size, into a table at
 *   start-up, and checked);
 * - a released block from a cache of the blocks made since, direct-mapped
 *   by address, while the process has one thread. Every new block of
 *   that allocator is entered and every released one looked up and
 *   removed, so an entry is always that of a live block.
 *
 * Otherwise, the allocator's malloc_usable_size. */
#ifndef HEAPLINE_FOREIGN_H
#define HEAPLINE_FOREIGN_H

#include "counters.h"
#include "forward.h"

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

/* After the allocator is found, when it is not glibc's: fills the
 * tables. */
void hl_foreign_start(void);

/* Whether a call is the real allocator's own, made from within its
 * malloc_usable_size (tcmalloc's may allocate for itself, with operator
 * new, the first time): its own bookkeeping, forwarded and not counted. */
static inline int hl_uncounted_call(void)
{
    return !hl_next.glibc_chunks && hl_mine.uncounted;
}

/* The allocator's malloc_usable_size; 0 if it has none. */
size_t hl_foreign_usable(void *p) __attribute__((noinline));

/* The allocator's usable sizes of malloc(n), by 8-byte steps of n up to
 * 64 KiB: 0 where one size class does not cover a whole step, or where
 * the class is not one that the cache holds (hl_size_cache_fits). */
#define HL_CLASS_MAX 65536
extern uint32_t hl_class[HL_CLASS_MAX / 8 + 1];

/* What malloc(request) returns; 0 where unknown. Request 0 (what the
 * calls that do not say a size pass: posix_memalign, free) wraps around
 * to past the table, in the one compare that bounds the others. */
static inline size_t hl_foreign_class(size_t request)
{
    size_t last = request - 1;

    return last < HL_CLASS_MAX ? hl_class[last / 8 + 1] : 0;
}

/* The cache, direct-mapped by bits 4..18 of a block's address. An entry
 * is the address XOR (2 * counted + 1), counted being the size plus
 * HL_ALLOC_BIAS, what a release counts (counters.h), in one word, so that
 * threads that use it at once, until the first of them comes to the slow
 * path of counting (hl_threads_seen), read no entry half written. Its slot
 * gives the address's bits 4..18, where 2 * counted goes (counted a
 * multiple of 8, below 2^17); the low bit, 0 in every address (blocks are
 * 8-aligned), tells an entry from an empty slot. So (address XOR entry) -
 * 1 has bits outside 4..18 only when the entry is another address's, and
 * shifted right once it is counted. 2^15 slots (256 KiB): with 2^14,
 * blocks of mimalloc's pages of 64 KiB and of tcmalloc's spans met in the
 * same slots often enough that 18% and 8% of frees missed.
 *
 * Once threads are seen the cache serves no more, and an entry is not
 * read again once it may be stale. Shared, it costs 60 to 70 fewer
 * instructions a pair with two threads but more CPU time than it saves:
 * the cores write the same lines of it (doc/performance.md). */
#define HL_CACHE_BITS 15
#define HL_SIZE_CACHE (1 << HL_CACHE_BITS)
#define HL_CACHE_OTHER_BITS (~((uint64_t)(HL_SIZE_CACHE - 1) << 4))
extern uint64_t hl_size_cache[HL_SIZE_CACHE];
/* Whether the allocator's blocks are cached at all (hl_foreign_start). */
extern int hl_size_cache_on;

static inline int hl_size_cache_fits(size_t size)
{
    return size && !(size & 7) && (size + HL_ALLOC_BIAS) >> 17 == 0;
}

static inline uint64_t *hl_size_cache_slot(const void *p)
{
    return &hl_size_cache[(uintptr_t)p >> 4 & (HL_SIZE_CACHE - 1)];
}

static inline int hl_size_cache_serves(void)
{
    return hl_size_cache_on && !hl_threads_seen;
}

/* Enters a new block whose size fits. */
static inline void hl_size_cache_put(void *p, size_t size)
{
    *hl_size_cache_slot(p) = (uintptr_t)p ^ (2 * (size + HL_ALLOC_BIAS) + 1);
}

/* Whether the cache holds a block; if so, its size plus HL_ALLOC_BIAS
 * goes to *counted and its entry is removed. */
static inline int hl_size_cache_take(void *p, int64_t *counted)
{
    uint64_t *slot = hl_size_cache_slot(p);
    uint64_t x = *slot ^ (uintptr_t)p;

    if ((x - 1) & HL_CACHE_OTHER_BITS)
        return 0;
    *slot = 0;
    *counted = (int64_t)(x >> 1);
    return 1;
}

/* A new block of another allocator, of a known size, once counted and
 * not sampled: an entry is never a sampled block's, nor one of the
 * library's own, so that a release that finds its block in the cache
 * needs no look at the sites' table (callsites.h). Nothing is entered
 * under glibc's allocator, nor once threads are seen. */
static inline void hl_foreign_enter(void *p, size_t size)
{
    if (hl_size_cache_serves() && hl_size_cache_fits(size))
        hl_size_cache_put(p, size);
}

/* Another allocator's new block. */
static inline size_t hl_foreign_new_size(void *p, size_t request)
{
    size_t size = hl_foreign_class(request);

    if (__builtin_expect(!size, 0))
        size = hl_foreign_usable(p);
    return size;
}

/* Another allocator's block about to be released; request, when not 0,
 * is the size that it was asked for (sized delete). */
static inline size_t hl_foreign_released_size(void *p, size_t request)
{
    int64_t counted;
    size_t size;

    if (hl_size_cache_serves() && hl_size_cache_take(p, &counted))
        return (size_t)(counted - HL_ALLOC_BIAS);
    size = hl_foreign_class(request);
    if (__builtin_expect(!size, 0))
        size = hl_foreign_usable(p);
    return size;
}

/* Any allocator's. */
static inline size_t hl_new_size(void *p, size_t request)
{
    if (hl_next.glibc_chunks)
        return hl_glibc_usable(p);
    return hl_foreign_new_size(p, request);
}

static inline size_t hl_released_size(void *p, size_t request)
{
    if (hl_next.glibc_chunks)
        return hl_glibc_usable(p);
    return hl_foreign_released_size(p, request);
}

#pragma GCC visibility pop

#endif

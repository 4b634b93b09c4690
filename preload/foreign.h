/* The usable size of a block, whichever the allocator: glibc's from its
 * chunk header (forward.h); another's (jemalloc, tcmalloc...) without
 * asking it where possible, since its malloc_usable_size costs as much as
 * its malloc (jemalloc's, about 40 instructions):
 *
 * - a new block from the allocator's size classes, by the size asked for
 *   (read from its nallocx into two tables at start-up, and checked);
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

/* The allocator's usable sizes of malloc(n): by 8-byte steps of n up to
 * 1 KiB, by 128-byte steps up to 64 KiB, 0 where one size class does not
 * cover a whole step. */
#define HL_CLASS_FINE_MAX 1024
#define HL_CLASS_MAX 65536
extern uint32_t hl_class_fine[HL_CLASS_FINE_MAX / 8 + 1];
extern uint32_t hl_class_coarse[HL_CLASS_MAX / 128 + 1];

/* What malloc(request) returns; 0 where unknown. */
static inline size_t hl_foreign_class(size_t request)
{
    if (request <= HL_CLASS_FINE_MAX)
        return hl_class_fine[(request + 7) / 8];
    if (request <= HL_CLASS_MAX)
        return hl_class_coarse[(request + 127) / 128];
    return 0;
}

/* The cache: an entry holds a block's address (below 2^47) and, above it,
 * its usable size (below 2^17: larger blocks are not cached), in one word, so
 * that threads that use it at once, until the first of them comes to the
 * slow path of counting (hl_threads_seen), read no entry half written.
 * Once threads are seen the cache serves no more: shared, it would cost
 * more in traffic between cores than it saves; and an entry is not read
 * again once it may be stale. */
#define HL_SIZE_CACHE 16384
#define HL_CACHE_ADDRESS (((uint64_t)1 << 47) - 1)
extern uint64_t hl_size_cache[HL_SIZE_CACHE];
/* Whether the allocator's blocks are cached at all (hl_foreign_start). */
extern int hl_size_cache_on;

static inline uint64_t *hl_size_cache_slot(const void *p)
{
    return &hl_size_cache[(uintptr_t)p / 16 % HL_SIZE_CACHE];
}

static inline int hl_size_cache_serves(void)
{
    return hl_size_cache_on && !hl_threads_seen;
}

/* Another allocator's new block. */
static inline size_t hl_foreign_new_size(void *p, size_t request)
{
    size_t size = hl_foreign_class(request);

    if (__builtin_expect(!size, 0) && (size = hl_foreign_usable(p)) >> 17)
        return size;
    if (hl_size_cache_serves() && !((uintptr_t)p >> 47))
        *hl_size_cache_slot(p) = (uintptr_t)p | (uint64_t)size << 47;
    return size;
}

/* Another allocator's block about to be released; request, when not 0,
 * is the size that it was asked for (sized delete). */
static inline size_t hl_foreign_released_size(void *p, size_t request)
{
    uint64_t *slot, entry;
    size_t size;

    if (hl_size_cache_serves()) {
        slot = hl_size_cache_slot(p);
        entry = *slot;
        if ((entry & HL_CACHE_ADDRESS) == (uintptr_t)p) {
            *slot = 0;
            return entry >> 47;
        }
    }
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

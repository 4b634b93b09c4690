/* Hot-path accounting: allocations, releases, live heap, its peak and the
 * time of the peak.
 *
 * While the process has one thread, the totals are updated with plain
 * stores and are exact. Once threads exist, each thread counts in a slot of
 * its own and folds its live-byte delta into the shared total when the delta
 * passes the slot's limit; slot k (from 1) holds at most B / (k (k + 1))
 * bytes, B = 1 MiB + 0.1% of the peak, so all slots together hold less than
 * B and the peak seen in the shared total is within B of the true one.
 * Counts and live bytes of every slot are summed at exit: they are exact. */
#ifndef HEAPLINE_COUNTERS_H
#define HEAPLINE_COUNTERS_H

#include "clock.h"

#include <stdint.h>
#include <sys/single_threaded.h>

/* The time of the peak is read again only once the peak has grown by this
 * much since the last reading, which keeps the clock off the hot path of a
 * heap that grows by small blocks. */
#define HL_PEAK_TIME_STEP 4096

#pragma GCC visibility push(hidden)

struct hl_totals {
    uint64_t allocs, frees;
    int64_t live, peak;
    int64_t peak_stamped; /* the peak when its time was last read */
    int64_t peak_coarse_ns;
    /* The peak at which the provisional record is next written; INT64_MAX
     * when there is none. Read only when the time of the peak is. */
    int64_t publish_at;
} __attribute__((aligned(64)));

struct hl_slot {
    uint64_t allocs, frees; /* written by the owner only, read at exit */
    int64_t pending;        /* live bytes not yet in hl_totals.live */
    int64_t limit;
    unsigned index;
    int in_use;
} __attribute__((aligned(64)));

/* What the record and the summary line report. */
struct hl_figures {
    uint64_t allocs, frees, peak, live;
    int64_t peak_time_ns; /* since the library started */
};

extern struct hl_totals hl_totals;
extern __thread struct hl_slot *hl_my_slot
    __attribute__((tls_model("initial-exec")));

/* Any update, from any thread: the general case, out of line. */
void hl_count(int64_t bytes, unsigned allocs, unsigned frees)
    __attribute__((noinline));
/* Out of line, so that the hot path needs no stack frame for it. */
void hl_stamp_peak(int64_t live) __attribute__((cold, noinline));

/* One allocation of a usable size: the common cases inline. */
static inline void hl_count_alloc(size_t size)
{
    struct hl_slot *slot;
    int64_t live, pending;

    if (__builtin_expect(__libc_single_threaded, 1)) {
        hl_totals.allocs++;
        live = hl_totals.live += (int64_t)size;
        if (live > hl_totals.peak) {
            hl_totals.peak = live;
            if (live - hl_totals.peak_stamped >= HL_PEAK_TIME_STEP)
                hl_stamp_peak(live);
        }
        return;
    }
    slot = hl_my_slot;
    if (__builtin_expect(slot != NULL, 1)) {
        pending = slot->pending + (int64_t)size;
        if (__builtin_expect(pending <= slot->limit, 1)) {
            __atomic_store_n(&slot->allocs, slot->allocs + 1, __ATOMIC_RELAXED);
            __atomic_store_n(&slot->pending, pending, __ATOMIC_RELAXED);
            return;
        }
    }
    hl_count((int64_t)size, 1, 0);
}

/* One release: the heap shrinks, so no peak to check. */
static inline void hl_count_free(size_t size)
{
    struct hl_slot *slot;
    int64_t pending;

    if (__builtin_expect(__libc_single_threaded, 1)) {
        hl_totals.frees++;
        hl_totals.live -= (int64_t)size;
        return;
    }
    slot = hl_my_slot;
    if (__builtin_expect(slot != NULL, 1)) {
        pending = slot->pending - (int64_t)size;
        if (__builtin_expect(pending >= -slot->limit, 1)) {
            __atomic_store_n(&slot->frees, slot->frees + 1, __ATOMIC_RELAXED);
            __atomic_store_n(&slot->pending, pending, __ATOMIC_RELAXED);
            return;
        }
    }
    hl_count(-(int64_t)size, 0, 1);
}

/* A realloc: the heap changes by delta; a move is one allocation and one
 * release. */
static inline void hl_count_realloc(int64_t delta, int moved)
{
    int64_t live;

    if (__builtin_expect(__libc_single_threaded, 1)) {
        hl_totals.allocs += (unsigned)moved;
        hl_totals.frees += (unsigned)moved;
        live = hl_totals.live += delta;
        if (live > hl_totals.peak) {
            hl_totals.peak = live;
            if (live - hl_totals.peak_stamped >= HL_PEAK_TIME_STEP)
                hl_stamp_peak(live);
        }
        return;
    }
    hl_count(delta, (unsigned)moved, (unsigned)moved);
}

/* A mark that changes when this thread's allocations (or, with frees set,
 * releases) are counted: comparing it around a call tells whether the
 * call went through heapline's own entry points. */
static inline uint64_t hl_count_mark(int frees)
{
    struct hl_slot *slot;

    if (!__libc_single_threaded && (slot = hl_my_slot) != NULL)
        return (frees ? slot->frees : slot->allocs) ^ (uintptr_t)slot;
    return __atomic_load_n(frees ? &hl_totals.frees : &hl_totals.allocs,
                           __ATOMIC_RELAXED);
}

/* Sets up the thread-exit hook that returns a thread's slot. */
void hl_counters_init(void);

/* The figures now: every slot summed, the caller's own slot folded. */
void hl_counters_snapshot(struct hl_figures *out);

/* The figures now, as the provisional record shows them: nothing is
 * folded, so it may run inside a fold; live bytes are exact but for the
 * other threads' changes in flight. */
void hl_counters_peek(struct hl_figures *out);

/* In a forked child: counting starts again from the heap it inherited. */
void hl_counters_after_fork(void);

#pragma GCC visibility pop

#endif

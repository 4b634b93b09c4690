/* The timeline of this process (timeline.h), fed from counting's slow
 * path, written into the provisional record as it grows and into the
 * final record at the end (doc/format.md, The timeline).
 *
 * The slow path runs whenever a thread's counters pass their bounds (at
 * least every 1 MiB or so moved, at every peak milestone), and knows the
 * live heap then. It notes a point only when the heap has moved by a
 * step since the last note: HL_TIMELINE_STEP_MIN, or 1/64 of the heap,
 * whichever is larger. So the clock and VmRSS are read on a small share
 * of slow paths, never on the allocation path itself, and a heap that
 * stays within a step of itself costs no note at all; between two notes
 * the heap is known to within a step, and the peak exactly (its point
 * gets peak_heap_bytes). VmRSS is read at a note, at most every
 * HL_TIMELINE_RSS_EVERY_NS: resident memory that grows with no heap move
 * (pages of a block touched long after it was allocated) shows at the
 * next note, or at the end. */
#ifndef HEAPLINE_TIMELINE_LIVE_H
#define HEAPLINE_TIMELINE_LIVE_H

#include "alloc/counters.h"
#include "record/procstatus.h"

#include <stdint.h>

#pragma GCC visibility push(hidden)

#define HL_TIMELINE_STEP_MIN ((int64_t)256 << 10)
#define HL_TIMELINE_RSS_EVERY_NS 10000000

/* A note is due when the live heap leaves [lo, lo + width]. Off: never
 * (lo at the most negative, width the largest). */
struct hl_timeline_gate {
    int64_t lo;
    uint64_t width;
};

extern struct hl_timeline_gate hl_timeline_gate;

/* A note now, with the live heap and the peak, which the counters hand
 * over: the timeline never asks them. */
void hl_timeline_note_now(int64_t live, uint64_t peak)
    __attribute__((cold, noinline));

/* From the slow path, with the live heap, and where the counters keep the
 * peak (read only when a note is due): a compare, mostly. */
static inline __attribute__((always_inline)) void
hl_timeline_observe(int64_t live, const int64_t *peak)
{
    /* One unsigned compare tells both sides. */
    if (__builtin_expect(
            (uint64_t)live - (uint64_t)__atomic_load_n(&hl_timeline_gate.lo,
                                                       __ATOMIC_RELAXED) >
                __atomic_load_n(&hl_timeline_gate.width, __ATOMIC_RELAXED),
            0))
        hl_timeline_note_now(live,
                             (uint64_t)__atomic_load_n(peak, __ATOMIC_RELAXED));
}

/* At start, and in a forked child (after the clock, the counters and the
 * provisional record have started again): a new timeline, whose first
 * point is the heap now, at 0 ms; on only when a record is to be
 * written. */
void hl_timeline_start(int on, int64_t live);

/* A provisional record was made again after a failed exec: its field is
 * blank, every point is written into it. (At start and in a forked child,
 * hl_timeline_start, after the record is made, writes the first.) */
void hl_timeline_page_made(void);

/* The column of the final record, or NULL when the timeline is off: the
 * last point at elapsed_ns with the figures of the end (and a last
 * reading of Pss, if due: pss.h), settled (timeline.h); *peak gets the
 * largest of each reading of Pss (-1: none). Once, on the exit path. */
const char *hl_timeline_final(const struct hl_figures *f,
                              const struct hl_memory *mem, int64_t elapsed_ns,
                              struct hl_shared *peak);

#pragma GCC visibility pop

#endif

/* The timeline of one process in memory: at most HL_TIMELINE_POINTS
 * points (common/timeline_text.h), whatever the length of the run.
 *
 * Time is cut into buckets of one width, aligned on multiples of it from
 * the library's start; a point is opened by the first observation of its
 * bucket, and holds from then until the next point the most and the least
 * heap observed, the heap at its last observation and when (so that a
 * release followed by a long idle is drawn when it happened, not at the
 * next point), and of the readings of memory: the most and the least
 * VmRSS, the VmHWM read at its end, the reading of Pss of largest Pss.
 *
 * A reading is taken at an observation, before the event that made it (an
 * allocation not yet touched, a release not yet given back): it tells of
 * the time before, and goes to the point open until then. So a point is
 * closed by the reading at the observation that opens the next one: its
 * VmHWM then bounds all of it (VmHWM never falls); a point closed without
 * a reading has no bound of its own, and at the end gets the next one's.
 *
 * The least VmRSS of a point is the least read in it, and, where the heap
 * fell within it, the last reading less what the heap gave back since:
 * resident memory falls when memory is given back, and the allocator's
 * is what the library sees. A point with neither gets at the end its own
 * reading, or the next one's.
 *
 * When a point must be opened and all are taken, the width doubles (as
 * many times as needed) and the points of each wider bucket are merged
 * into one: the first one's time, the most of the mosts, the least of the
 * leasts, the last one's bound and last observation. So a run of any length
 * keeps at most HL_TIMELINE_POINTS points, each bucket HL_TIMELINE_FIRST_MS
 * wide or a power of two of that: a 2-hour run's points are 32 to 64 s apart.
 *
 * Nothing here reads a clock or allocates: timeline_live.c feeds it, and
 * the tests drive it with times of their own. */
#ifndef HEAPLINE_TIMELINE_H
#define HEAPLINE_TIMELINE_H

#include "timeline_text.h"

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

/* The width of the first buckets: the shortest time between two VmRSS
 * readings (timeline_live.c), so that a point may hold one. */
#define HL_TIMELINE_FIRST_MS 10

/* A reading of memory, in bytes: each figure HL_TIMELINE_UNKNOWN when it was
 * not read. */
struct hl_timeline_reading {
    uint64_t rss, hwm;                  /* VmRSS, VmHWM */
    uint64_t pss, pss_shmem, rss_shmem; /* of Pss, with its shared parts */
};

struct hl_timeline {
    struct hl_timeline_point p[HL_TIMELINE_POINTS];
    size_t n;
    int64_t width_ms;
    uint64_t heap; /* at the last observation */
    /* The last reading of VmRSS and the heap then (before the event that
     * the observation noted): VmRSS since, at least, is the reading less
     * what the heap fell below it since, floor. HL_TIMELINE_UNKNOWN:
     * none. */
    uint64_t read_rss, read_heap, floor;
};

void hl_timeline_reset(struct hl_timeline *tl);

/* An observation at t_ms (never earlier than the last one): the heap in
 * use then, and a reading taken just before (NULL: none). Returns the
 * index of the first point whose text changed: points from there on must
 * be written again (n when none did). */
size_t hl_timeline_note(struct hl_timeline *tl, int64_t t_ms, uint64_t heap,
                        const struct hl_timeline_reading *r);

/* For the record: the point in which the peak happened holds the peak
 * itself, no point holds more (the points are within the accuracy of the
 * counting, the peak is exact), and the readings settled
 * (hl_timeline_settle_rss) against vmhwm, which also bounds every point
 * (VmHWM is the kernel's own highest VmRSS; a reading above it is the
 * noise of per-CPU counters, a bound above it VmHWM of the image an exec
 * replaced). vmhwm < 0: unknown. No point is past end_ms: one that is
 * (noted by a thread after the end was read) is merged into the one
 * before. */
void hl_timeline_settle(struct hl_timeline *tl, uint64_t peak,
                        int64_t peak_t_ms, int64_t vmhwm, int64_t end_ms);

#pragma GCC visibility pop

#endif

/* The timeline of one process in memory: at most HL_TIMELINE_POINTS
 * points (common/timeline_text.h), whatever the length of the run.
 *
 * Time is cut into buckets of one width, aligned on multiples of it from
 * the library's start; a point is opened by the first observation of its
 * bucket, and holds from then until the next point the largest heap
 * observed and the largest VmRSS read. A reading is taken at an
 * observation, before the event that made it (an allocation not yet
 * touched, a release not yet given back): it tells of the time before,
 * and goes to the point open until then; a point opened by the
 * observation gets the readings after it, and at the end, one with no
 * reading of its own gets the next one's (readings after a heap that fell
 * are the nearest to what it needs).
 *
 * When a point must be opened and all are taken, the width doubles (as
 * many times as needed) and the points of each wider bucket are merged
 * into one: the first one's time, the largest heap and the largest
 * reading. So a run of any length keeps at most HL_TIMELINE_POINTS
 * points, each bucket HL_TIMELINE_FIRST_MS wide or a power of two of
 * that: a 2-hour run's points are 32 to 64 s apart.
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

struct hl_timeline {
    struct hl_timeline_point p[HL_TIMELINE_POINTS];
    size_t n;
    int64_t width_ms;
};

void hl_timeline_reset(struct hl_timeline *tl);

/* An observation at t_ms (never earlier than the last one): the heap in
 * use then, and a VmRSS reading taken just before (HL_TIMELINE_NO_RSS:
 * none). Returns the index of the first point whose text changed: points
 * from there on must be written again (n when none did). */
size_t hl_timeline_note(struct hl_timeline *tl, int64_t t_ms, uint64_t heap,
                        uint64_t rss);

/* For the record: the point in which the peak happened holds the peak
 * itself, no point holds more (the points are within the accuracy of the
 * counting, the peak is exact), a point with no reading has the next
 * one's, and no reading exceeds vmhwm (VmHWM is the kernel's own highest
 * VmRSS; a reading above it is the noise of per-CPU counters). vmhwm < 0:
 * unknown. No point is past end_ms: one that is (noted by a thread after
 * the end was read) is merged into the one before. */
void hl_timeline_settle(struct hl_timeline *tl, uint64_t peak,
                        int64_t peak_t_ms, int64_t vmhwm, int64_t end_ms);

#pragma GCC visibility pop

#endif

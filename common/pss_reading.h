/* Which reading of Pss stands for a point of a timeline that has none.
 *
 * A process reads Pss (smaps_rollup) seldom, within a budget, and VmRSS at
 * every point: a point's PSS is its RSS less the shared part that a reading
 * found (that reading's RSS less its Pss). Shared memory mapped or touched
 * between two readings moves the RSS, so the reading whose RSS is the
 * nearer to the point's, of the last before it and the first after it,
 * found the sharing the point had: the last before alone would charge a
 * process the whole of a window it mapped after its first reading, as if
 * it were its own, until its next one. */
#ifndef HEAPLINE_COMMON_PSS_READING_H
#define HEAPLINE_COMMON_PSS_READING_H

#include <stddef.h>

#include "timeline_text.h"

/* Where a walk of the points in order is: start it with {0, 0}. */
struct hl_pss_walk {
    size_t before; /* the last reading at or before the point, plus 1 */
    size_t after;  /* where the search for the next reading is */
};

/* The reading that stands for point i of p[0..n), for i increasing from
 * one call to the next with the same walk: the point itself if it is a
 * reading; else the last reading before it or the first after it, the one
 * whose RSS is the nearer to the point's (the last before on a tie);
 * NULL when the timeline has none. */
const struct hl_timeline_point *
hl_pss_reading(const struct hl_timeline_point *p, size_t n, size_t i,
               struct hl_pss_walk *w);

#endif

/* Which reading of Pss stands for a point of a timeline that has none.
 *
 * A process reads Pss (smaps_rollup) seldom, within a budget, and VmRSS at
 * every point: a point's PSS is its RSS less the shared part that a reading
 * found (that reading's RSS less its Pss). Shared memory mapped or touched
 * between two readings moves the RSS beside the heap, so the reading whose
 * RSS less heap is the nearer to the point's, of the last before it and
 * the first after it, found the sharing the point had: the last before
 * alone would charge a process the whole of a window it mapped after its
 * first reading, as if it were its own, until its next one. The heap is
 * left out of the distance: it is the process's own, and a heap that grew
 * since a reading says nothing of what it shares. */
#ifndef HEAPLINE_COMMON_PSS_READING_H
#define HEAPLINE_COMMON_PSS_READING_H

#include <stddef.h>

#include "timeline_text.h"

/* Where a walk of the points is: start it with {0}. */
struct hl_pss_walk {
    size_t seen;   /* the points before this one are looked at */
    size_t before; /* the last reading among them, plus 1; 0 for none */
    size_t after;  /* the first reading from seen on (n for none), once
                      looked for: valid while not below seen */
};

/* The reading that stands for point i of p[0..n), i not below the last
 * call's with the same walk: the point itself if it is a reading; else
 * the last reading before it or the first after it, the one whose RSS less
 * heap is the nearer to the point's (the last before on a tie); NULL when
 * the timeline has none. */
const struct hl_timeline_point *
hl_pss_reading(const struct hl_timeline_point *p, size_t n, size_t i,
               struct hl_pss_walk *w);

#endif

/* The processes of one node added up moment by moment: the concurrent
 * heap and RSS of the node, from the processes' timelines
 * (common/timeline_text.h) lined up on the wall clock.
 *
 * A node keeps a grid of HL_CONC_CELLS cells of 2^shift ms on the wall
 * clock, not its processes' series: each process is folded in as its
 * record is read, in time linear in its points and the cells it spans, and
 * a node costs the same memory whether it ran 1 rank or 1,000. A cell
 * holds, for the heap and for the RSS, the sum over the processes of the
 * largest value each had within the cell; when the node's span outgrows
 * the grid, the cells' width doubles and each new cell keeps the larger of
 * its two. A cell's value is thus at least the node's sum at every moment
 * of the cell, and equals it where the processes' values do not change
 * within the cell: the concurrent figures are exact to the cell's width.
 * heapline-report folds in every record it reads
 * (report/job/model/timelines.c); the plugin's root side, a node's records of a
 * step, for its site line (spank/site/site_records.c). */
#ifndef HEAPLINE_COMMON_CONCURRENT_H
#define HEAPLINE_COMMON_CONCURRENT_H

#include <stddef.h>
#include <stdint.h>

#include "time_grid.h"
#include "timeline_text.h"

#define HL_CONC_CELLS 512

struct hl_conc {
    /* The cells in use (time_grid.h); every other index holds zeros. */
    struct hl_time_grid grid;
    uint64_t heap[HL_CONC_CELLS];
    uint64_t rss[HL_CONC_CELLS];
};

/* The largest sum of the node and the start of its first cell, in ms
 * since the Epoch. */
struct hl_conc_peak {
    uint64_t bytes;
    int64_t at_ms;
};

void hl_conc_init(struct hl_conc *g);

/* Adds one process: its points p[0..n) (n > 0), from start_ms (its
 * start_time_s, in ms since the Epoch) to end_ms (start plus its
 * elapsed_s). A point's rss of HL_TIMELINE_NO_RSS adds nothing. */
void hl_conc_add(struct hl_conc *g, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms);

/* The value of cell c (lo <= c <= hi) for the heap or the RSS. */
static inline uint64_t hl_conc_value(const struct hl_conc *g, int64_t c,
                                     int rss)
{
    unsigned i = hl_grid_index(c, HL_CONC_CELLS);

    return rss ? g->rss[i] : g->heap[i];
}

/* The node's largest heap and RSS sums, the first cell of each. */
void hl_conc_peaks(const struct hl_conc *g, struct hl_conc_peak *heap,
                   struct hl_conc_peak *rss);

#endif

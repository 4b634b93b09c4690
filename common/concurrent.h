/* The processes of one node added up moment by moment: bounds of the
 * node's heap, RSS and PSS, from the processes' timelines
 * (common/timeline_text.h) lined up on the wall clock.
 *
 * A node keeps a grid of HL_CONC_CELLS cells of 2^shift ms on the wall
 * clock, not its processes' series: each process is folded in as its
 * record is read, in time linear in its points and the cells it spans, and
 * a node costs the same memory whether it ran 1 rank or 1,000.
 *
 * A cell holds, for each series, a sum over the processes:
 *   - the least: the least each process held within the whole cell (the
 *     least of the points that overlap it; 0 for a process that started or
 *     ended within it). So the node held at least that much at every
 *     moment of the cell, whatever the hand-offs between its processes;
 *   - the most: the most each process was seen to hold within the cell
 *     (the largest reading of the points that overlap it, never above its
 *     VmHWM). Where the processes' figures do not change within the cell,
 *     it is what the node held; where one gives memory back and another
 *     takes it within the cell, it counts that memory twice, and a peak
 *     between two readings is missed: an estimate, bound neither way;
 *   - the bound above (RSS only): the largest bound above of each process
 *     within the cell (its VmHWM as read at each point's end). So the node
 *     held at most that much at every moment of the cell.
 * When the node's span outgrows the grid, the cells' width doubles and
 * each new cell keeps the larger of its two: the node held the least at
 * one moment of the cell at least, and at most the bound above at every
 * moment. A process folded in later adds its own least over the wider
 * cell, which it held at that moment too. The peak of the leasts is a
 * lower bound of what the node's processes held at once; the peak of the
 * bounds above an upper bound; the peak of the mosts lies between them.
 *
 * RSS counts a page that several processes share in each of them; PSS
 * divides it between them. A point's PSS is its RSS (least or most) less
 * the shared part that the reading of Pss that stands for it found (its
 * RSS less its Pss: pss_reading.h); a process without any reading adds its
 * RSS. So the least PSS is a lower bound of
 * the node's memory only as far as the shared part stayed as it was read.
 *
 * heapline-report folds in every record it reads
 * (report/job/model/timelines.c); the plugin's root side, a node's records
 * of a step, for its site line (spank/site/site_records.c). */
#ifndef HEAPLINE_COMMON_CONCURRENT_H
#define HEAPLINE_COMMON_CONCURRENT_H

#include <stddef.h>
#include <stdint.h>

#include "time_grid.h"
#include "timeline_text.h"

#define HL_CONC_CELLS 512

/* The series a grid sums. */
enum hl_conc_series {
    HL_CONC_HEAP,    /* the most heap */
    HL_CONC_HEAP_LO, /* the least heap */
    HL_CONC_RSS,     /* the most RSS: the estimate */
    HL_CONC_RSS_LO,  /* the least RSS: the lower bound */
    HL_CONC_RSS_HI,  /* the bounds above: the upper bound */
    HL_CONC_PSS,     /* the most PSS: the estimate of shared pages once */
    HL_CONC_PSS_LO,  /* the least PSS */
    HL_CONC_NSERIES
};

struct hl_conc {
    /* The cells in use (time_grid.h); every other index holds zeros. */
    struct hl_time_grid grid;
    uint64_t cells[HL_CONC_NSERIES][HL_CONC_CELLS];
    /* The processes folded in: of them, those with a reading of Pss, and
     * those whose timeline is of version 1 (one figure per point, the
     * most, read as the least too: their least is no bound). */
    uint32_t procs, with_pss, older;
};

/* The largest sum of a series and the start of its first cell, in ms
 * since the Epoch. */
struct hl_conc_peak {
    uint64_t bytes;
    int64_t at_ms;
};

void hl_conc_init(struct hl_conc *g);

/* Adds one process: its points p[0..n) (n > 0), settled
 * (hl_timeline_settle_rss), of timeline version `version`, from start_ms
 * (its start_time_s, in ms since the Epoch) to end_ms (start plus its
 * elapsed_s). A figure of HL_TIMELINE_UNKNOWN adds nothing. */
void hl_conc_add(struct hl_conc *g, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms,
                 int version);

/* The value of cell c (lo <= c <= hi) of a series. */
static inline uint64_t hl_conc_value(const struct hl_conc *g, int64_t c,
                                     enum hl_conc_series s)
{
    return g->cells[s][hl_grid_index(c, HL_CONC_CELLS)];
}

/* The largest sum of a series, at its first cell. */
struct hl_conc_peak hl_conc_peak(const struct hl_conc *g,
                                 enum hl_conc_series s);

/* The series that estimate and bound below what the node needed: PSS when
 * a process has a reading of it (shared pages once), RSS when none has. */
static inline enum hl_conc_series hl_conc_estimate(const struct hl_conc *g)
{
    return g->with_pss ? HL_CONC_PSS : HL_CONC_RSS;
}

static inline enum hl_conc_series hl_conc_lower(const struct hl_conc *g)
{
    return g->with_pss ? HL_CONC_PSS_LO : HL_CONC_RSS_LO;
}

#endif

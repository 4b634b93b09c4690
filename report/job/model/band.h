/* All processes of the job across each other, moment by moment: the
 * smallest, the median and the largest heap of the processes alive, over
 * the wall clock, for the HTML report's band. 100,000 ranks cost what 4
 * do: a process is folded in as its record is read, as concurrent.h does
 * for a node, and none of its points is kept.
 *
 * A cell holds, of each process alive in it, the largest heap it had
 * within the cell: the smallest and largest of these exactly, and their
 * count in logarithmic buckets (four to a power of two) for the median,
 * which is thus known to within a bucket (a quarter of its power of two).
 * When the job's span outgrows the cells, their width doubles: a new cell
 * keeps the smaller minimum and the larger maximum of its two, and adds
 * their buckets (a process alive in both counts twice). */
#ifndef HEAPLINE_REPORT_BAND_H
#define HEAPLINE_REPORT_BAND_H

#include <stddef.h>
#include <stdint.h>

#include "time_grid.h"
#include "timeline_text.h"

#define HL_BAND_CELLS 128
#define HL_BAND_BUCKETS 257

struct hl_band {
    struct hl_time_grid grid;    /* the cells in use (time_grid.h) */
    uint64_t min[HL_BAND_CELLS]; /* UINT64_MAX: no process in the cell */
    uint64_t max[HL_BAND_CELLS];
    uint32_t count[HL_BAND_CELLS][HL_BAND_BUCKETS];
};

/* One cell's figures, in bytes. */
struct hl_band_cell {
    uint64_t min, median, max;
};

void hl_band_init(struct hl_band *b);

/* Adds one process, as hl_conc_add() does: points p[0..n) (n > 0) from
 * start_ms to end_ms, on the wall clock in ms. */
void hl_band_add(struct hl_band *b, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms);

/* Cell c (lo <= c <= hi): returns 0 when no process was alive in it. */
int hl_band_get(const struct hl_band *b, int64_t c, struct hl_band_cell *out);

#endif

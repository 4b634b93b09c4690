/* Cells of doubling width on the wall clock, for what many processes add
 * up to moment by moment: a node's concurrent sums (concurrent.h) and the
 * report's band of all ranks. The grid numbers the cells; its user keeps
 * their values in arrays of a fixed count of cells.
 *
 * Cell c holds the milliseconds since the Epoch from c << shift to
 * (c + 1) << shift, at index c % cells of the user's arrays. When a span
 * outgrows the cells, their width doubles: the user merges each cell c
 * into c >> 1 (in its own way: the larger of two sums, the smaller of two
 * minima...), then the grid renumbers them. */
#ifndef HEAPLINE_COMMON_TIME_GRID_H
#define HEAPLINE_COMMON_TIME_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "timeline_text.h"

struct hl_time_grid {
    int64_t lo, hi; /* the cells in use; none while hi < lo */
    unsigned shift; /* a cell is 2^shift ms wide */
};

void hl_grid_init(struct hl_time_grid *g);

static inline bool hl_grid_used(const struct hl_time_grid *g)
{
    return g->hi >= g->lo;
}

/* Cell c's index in arrays of cells elements. */
static inline unsigned hl_grid_index(int64_t c, unsigned cells)
{
    return (unsigned)((uint64_t)c % cells);
}

/* The width of a cell, in ms. */
static inline int64_t hl_grid_cell_ms(const struct hl_time_grid *g)
{
    return (int64_t)1 << g->shift;
}

/* What one process held within one cell, in bytes: of each figure a
 * point keeps the least and the most of (timeline_text.h), the most and
 * the least of the points that overlap it; a least is 0 in a cell that the
 * process started or ended within. A figure not known is 0. */
struct hl_grid_held {
    uint64_t heap, heap_lo;
    uint64_t rss, rss_lo; /* the most and the least VmRSS read */
    uint64_t rss_hi;      /* the most of the bounds above */
    /* The most and the least RSS less the shared part that the reading
     * of Pss that stands for the point found (its RSS less its Pss:
     * pss_reading.h); its RSS with no reading at all. */
    uint64_t pss, pss_lo;
};

/* What a grid's user does with its cells. */
struct hl_grid_ops {
    unsigned cells; /* the count of cells in its arrays */
    /* Merges its cells lo to hi into c >> 1, each new cell's index taking
     * what its two hold (an index newly in use holds what an empty cell
     * holds, since no other cell in use shares it); the grid renumbers
     * them after. */
    void (*coarsen)(void *user);
    /* Takes what one process held within cell c. */
    void (*put)(void *user, int64_t c, const struct hl_grid_held *held);
};

/* Makes the grid span the milliseconds from_ms to to_ms (included) in at
 * most ops->cells cells, doubling their width as often as needed. */
void hl_grid_span(struct hl_time_grid *g, const struct hl_grid_ops *ops,
                  void *user, int64_t from_ms, int64_t to_ms);

/* Adds one process: its points p[0..n) (n > 0), settled
 * (hl_timeline_settle_rss), from start_ms (its start, in ms since the
 * Epoch) to end_ms; the grid spans them, and each cell they overlap gets,
 * by ops->put, what the process held within it. A point lasts its
 * millisecond at least, the last one even when the process ended within
 * it. Returns whether the process had a reading of Pss. */
bool hl_grid_add(struct hl_time_grid *g, const struct hl_grid_ops *ops,
                 void *user, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms);

#endif

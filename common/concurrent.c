#include "concurrent.h"

#include <string.h>

/* Wider than this, a cell would pass the milliseconds an int64_t holds. */
#define _MAX_SHIFT 62

static unsigned _index(int64_t c)
{
    return (unsigned)((uint64_t)c % HL_CONC_CELLS);
}

void hl_conc_init(struct hl_conc *g)
{
    memset(g, 0, sizeof(*g));
    g->lo = 1;
}

/* Doubles the width of the cells: each new cell keeps the larger of the
 * two it is made of, which is still at least the node's sum at each of
 * its moments. */
static void _coarsen(struct hl_conc *g)
{
    uint64_t heap[HL_CONC_CELLS] = {0}, rss[HL_CONC_CELLS] = {0};

    for (int64_t c = g->lo; c <= g->hi; c++) {
        unsigned from = _index(c), to = _index(c >> 1);

        if (g->heap[from] > heap[to])
            heap[to] = g->heap[from];
        if (g->rss[from] > rss[to])
            rss[to] = g->rss[from];
    }
    memcpy(g->heap, heap, sizeof(heap));
    memcpy(g->rss, rss, sizeof(rss));
    g->lo >>= 1;
    g->hi >>= 1;
    g->shift++;
}

/* Makes the grid span the milliseconds from_ms to to_ms (included): the
 * cells widen until the node's whole span fits. The indices of cells
 * newly in use hold zeros, since no other cell in use shares them. */
static void _span(struct hl_conc *g, int64_t from_ms, int64_t to_ms)
{
    for (;;) {
        int64_t lo = from_ms >> g->shift, hi = to_ms >> g->shift;

        if (g->hi >= g->lo) {
            lo = lo < g->lo ? lo : g->lo;
            hi = hi > g->hi ? hi : g->hi;
        }
        if (hi - lo < HL_CONC_CELLS || g->shift == _MAX_SHIFT) {
            g->lo = lo;
            g->hi = hi;
            return;
        }
        if (g->hi >= g->lo)
            _coarsen(g);
        else
            g->shift++;
    }
}

static void _put(struct hl_conc *g, int64_t c, uint64_t heap, uint64_t rss)
{
    g->heap[_index(c)] += heap;
    g->rss[_index(c)] += rss;
}

void hl_conc_add(struct hl_conc *g, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms)
{
    int64_t last = start_ms + p[n - 1].t_ms;
    int64_t cell = 0;
    uint64_t heap = 0, rss = 0;
    int open = 0;

    /* A point lasts at least its millisecond, the last one even when the
     * record ended within it. */
    if (end_ms <= last)
        end_ms = last + 1;
    _span(g, start_ms + p[0].t_ms, end_ms - 1);
    /* Each cell gets, of each process, the largest of the points that
     * overlap it: the cell being filled is open until a point starts past
     * it. */
    for (size_t i = 0; i < n; i++) {
        int64_t from = start_ms + p[i].t_ms;
        int64_t to = i + 1 < n ? start_ms + p[i + 1].t_ms : end_ms;
        int64_t first = from >> g->shift, past = (to - 1) >> g->shift;
        uint64_t h = p[i].heap;
        uint64_t r = p[i].rss == HL_TIMELINE_NO_RSS ? 0 : p[i].rss;

        if (open && first != cell) {
            _put(g, cell, heap, rss);
            open = 0;
        }
        if (!open) {
            cell = first;
            heap = rss = 0;
            open = 1;
        }
        heap = h > heap ? h : heap;
        rss = r > rss ? r : rss;
        if (past == first)
            continue;
        _put(g, cell, heap, rss);
        for (int64_t c = first + 1; c < past; c++)
            _put(g, c, h, r);
        cell = past;
        heap = h;
        rss = r;
    }
    _put(g, cell, heap, rss);
}

void hl_conc_peaks(const struct hl_conc *g, struct hl_conc_peak *heap,
                   struct hl_conc_peak *rss)
{
    *heap = *rss = (struct hl_conc_peak){0, g->lo << g->shift};
    for (int64_t c = g->lo; c <= g->hi; c++) {
        unsigned i = _index(c);

        if (g->heap[i] > heap->bytes)
            *heap = (struct hl_conc_peak){g->heap[i], c << g->shift};
        if (g->rss[i] > rss->bytes)
            *rss = (struct hl_conc_peak){g->rss[i], c << g->shift};
    }
}

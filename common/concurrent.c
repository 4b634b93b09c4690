#include "concurrent.h"

#include <string.h>

static unsigned _index(int64_t c)
{
    return hl_grid_index(c, HL_CONC_CELLS);
}

void hl_conc_init(struct hl_conc *g)
{
    memset(g, 0, sizeof(*g));
    hl_grid_init(&g->grid);
}

/* The cells doubled in width: each new cell keeps the larger of the two
 * it is made of, which is still at least the node's sum at each of its
 * moments. */
static void _coarsen(void *user)
{
    struct hl_conc *g = user;
    uint64_t heap[HL_CONC_CELLS] = {0}, rss[HL_CONC_CELLS] = {0};

    for (int64_t c = g->grid.lo; c <= g->grid.hi; c++) {
        unsigned from = _index(c), to = _index(c >> 1);

        if (g->heap[from] > heap[to])
            heap[to] = g->heap[from];
        if (g->rss[from] > rss[to])
            rss[to] = g->rss[from];
    }
    memcpy(g->heap, heap, sizeof(heap));
    memcpy(g->rss, rss, sizeof(rss));
}

static void _put(void *user, int64_t c, uint64_t heap, uint64_t rss)
{
    struct hl_conc *g = user;

    g->heap[_index(c)] += heap;
    g->rss[_index(c)] += rss;
}

static const struct hl_grid_ops _ops = {HL_CONC_CELLS, _coarsen, _put};

void hl_conc_add(struct hl_conc *g, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms)
{
    hl_grid_add(&g->grid, &_ops, g, start_ms, p, n, end_ms);
}

void hl_conc_peaks(const struct hl_conc *g, struct hl_conc_peak *heap,
                   struct hl_conc_peak *rss)
{
    *heap = *rss = (struct hl_conc_peak){0, g->grid.lo << g->grid.shift};
    for (int64_t c = g->grid.lo; c <= g->grid.hi; c++) {
        unsigned i = _index(c);

        if (g->heap[i] > heap->bytes)
            *heap = (struct hl_conc_peak){g->heap[i], c << g->grid.shift};
        if (g->rss[i] > rss->bytes)
            *rss = (struct hl_conc_peak){g->rss[i], c << g->grid.shift};
    }
}

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
 * it is made of (concurrent.h says why both bounds stay bounds). */
static void _coarsen(void *user)
{
    struct hl_conc *g = user;
    uint64_t cells[HL_CONC_CELLS];

    for (int s = 0; s < HL_CONC_NSERIES; s++) {
        memset(cells, 0, sizeof(cells));
        for (int64_t c = g->grid.lo; c <= g->grid.hi; c++) {
            unsigned from = _index(c), to = _index(c >> 1);

            if (g->cells[s][from] > cells[to])
                cells[to] = g->cells[s][from];
        }
        memcpy(g->cells[s], cells, sizeof(cells));
    }
}

static void _put(void *user, int64_t c, const struct hl_grid_held *held)
{
    struct hl_conc *g = user;
    unsigned i = _index(c);

    g->cells[HL_CONC_HEAP][i] += held->heap;
    g->cells[HL_CONC_HEAP_LO][i] += held->heap_lo;
    g->cells[HL_CONC_RSS][i] += held->rss;
    g->cells[HL_CONC_RSS_LO][i] += held->rss_lo;
    g->cells[HL_CONC_RSS_HI][i] += held->rss_hi;
    g->cells[HL_CONC_PSS][i] += held->pss;
    g->cells[HL_CONC_PSS_LO][i] += held->pss_lo;
}

static const struct hl_grid_ops _ops = {HL_CONC_CELLS, _coarsen, _put};

void hl_conc_add(struct hl_conc *g, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms,
                 int version)
{
    g->procs++;
    g->with_pss += hl_grid_add(&g->grid, &_ops, g, start_ms, p, n, end_ms);
    g->older += version < 2;
}

struct hl_conc_peak hl_conc_peak(const struct hl_conc *g, enum hl_conc_series s)
{
    struct hl_conc_peak peak = {0, g->grid.lo << g->grid.shift};

    for (int64_t c = g->grid.lo; c <= g->grid.hi; c++)
        if (g->cells[s][_index(c)] > peak.bytes)
            peak = (struct hl_conc_peak){g->cells[s][_index(c)],
                                         c << g->grid.shift};
    return peak;
}

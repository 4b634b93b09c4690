/* Cells of doubling width on the wall clock (see time_grid.h). */
#include "time_grid.h"

#include "pss_reading.h"

/* Wider than this, a cell would pass the milliseconds an int64_t holds. */
#define _MAX_SHIFT 62

void hl_grid_init(struct hl_time_grid *g)
{
    g->lo = 1;
    g->hi = 0;
    g->shift = 0;
}

void hl_grid_span(struct hl_time_grid *g, const struct hl_grid_ops *ops,
                  void *user, int64_t from_ms, int64_t to_ms)
{
    for (;;) {
        int64_t lo = from_ms >> g->shift, hi = to_ms >> g->shift;

        if (hl_grid_used(g)) {
            lo = lo < g->lo ? lo : g->lo;
            hi = hi > g->hi ? hi : g->hi;
        }
        if (hi - lo < (int64_t)ops->cells || g->shift == _MAX_SHIFT) {
            g->lo = lo;
            g->hi = hi;
            return;
        }
        if (hl_grid_used(g)) {
            ops->coarsen(user);
            g->lo >>= 1;
            g->hi >>= 1;
        }
        g->shift++;
    }
}

static uint64_t _known(uint64_t v)
{
    return v == HL_TIMELINE_UNKNOWN ? 0 : v;
}

/* The shared part that a point's reading of Pss found: its RSS less its
 * Pss. */
static uint64_t _excess(const struct hl_timeline_point *p)
{
    uint64_t rss = _known(p->rss);

    return rss > p->pss ? rss - p->pss : 0;
}

/* What a point held, its PSS its RSS less excess. */
static struct hl_grid_held _held(const struct hl_timeline_point *p,
                                 uint64_t excess)
{
    uint64_t rss = _known(p->rss), rss_lo = _known(p->rss_lo);

    return (struct hl_grid_held){
        .heap = _known(p->heap),
        .heap_lo = _known(p->heap_lo),
        .rss = rss,
        .rss_lo = rss_lo,
        .rss_hi = _known(p->rss_hi),
        .pss = rss > excess ? rss - excess : 0,
        .pss_lo = rss_lo > excess ? rss_lo - excess : 0,
    };
}

static uint64_t _min(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static uint64_t _max(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static void _fold(struct hl_grid_held *a, const struct hl_grid_held *b)
{
    a->heap = _max(a->heap, b->heap);
    a->heap_lo = _min(a->heap_lo, b->heap_lo);
    a->rss = _max(a->rss, b->rss);
    a->rss_lo = _min(a->rss_lo, b->rss_lo);
    a->rss_hi = _max(a->rss_hi, b->rss_hi);
    a->pss = _max(a->pss, b->pss);
    a->pss_lo = _min(a->pss_lo, b->pss_lo);
}

/* Cell c of a process that lived over [from_ms, end_ms): in a cell it
 * covers in part, it held at least nothing. */
static void _put(const struct hl_time_grid *g, const struct hl_grid_ops *ops,
                 void *user, int64_t c, struct hl_grid_held held,
                 int64_t from_ms, int64_t end_ms)
{
    if ((c << g->shift) < from_ms || ((c + 1) << g->shift) > end_ms)
        held.heap_lo = held.rss_lo = held.pss_lo = 0;
    ops->put(user, c, &held);
}

bool hl_grid_add(struct hl_time_grid *g, const struct hl_grid_ops *ops,
                 void *user, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms)
{
    int64_t from_ms = start_ms + p[0].t_ms, last = start_ms + p[n - 1].t_ms;
    int64_t cell = 0;
    struct hl_pss_walk walk = {0};
    struct hl_grid_held acc = {0};
    bool open = false, read = false;

    if (end_ms <= last)
        end_ms = last + 1;
    hl_grid_span(g, ops, user, from_ms, end_ms - 1);
    /* The cell being filled is open until a point starts past it. */
    for (size_t i = 0; i < n; i++) {
        int64_t from = start_ms + p[i].t_ms;
        int64_t to = i + 1 < n ? start_ms + p[i + 1].t_ms : end_ms;
        int64_t first = from >> g->shift, past = (to - 1) >> g->shift;
        const struct hl_timeline_point *r = hl_pss_reading(p, n, i, &walk);
        struct hl_grid_held v = _held(&p[i], r ? _excess(r) : 0);

        read = read || r;
        if (open && first != cell) {
            _put(g, ops, user, cell, acc, from_ms, end_ms);
            open = false;
        }
        if (!open) {
            cell = first;
            acc = v;
            open = true;
        }
        _fold(&acc, &v);
        if (past == first)
            continue;
        _put(g, ops, user, cell, acc, from_ms, end_ms);
        for (int64_t c = first + 1; c < past; c++)
            _put(g, ops, user, c, v, from_ms, end_ms);
        cell = past;
        acc = v;
    }
    _put(g, ops, user, cell, acc, from_ms, end_ms);
    return read;
}

/* Cells of doubling width on the wall clock (see time_grid.h). */
#include "time_grid.h"

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

void hl_grid_add(struct hl_time_grid *g, const struct hl_grid_ops *ops,
                 void *user, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms)
{
    int64_t last = start_ms + p[n - 1].t_ms;
    int64_t cell = 0;
    uint64_t heap = 0, rss = 0;
    int open = 0;

    if (end_ms <= last)
        end_ms = last + 1;
    hl_grid_span(g, ops, user, start_ms + p[0].t_ms, end_ms - 1);
    /* The cell being filled is open until a point starts past it. */
    for (size_t i = 0; i < n; i++) {
        int64_t from = start_ms + p[i].t_ms;
        int64_t to = i + 1 < n ? start_ms + p[i + 1].t_ms : end_ms;
        int64_t first = from >> g->shift, past = (to - 1) >> g->shift;
        uint64_t h = p[i].heap;
        uint64_t r = p[i].rss == HL_TIMELINE_NO_RSS ? 0 : p[i].rss;

        if (open && first != cell) {
            ops->put(user, cell, heap, rss);
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
        ops->put(user, cell, heap, rss);
        for (int64_t c = first + 1; c < past; c++)
            ops->put(user, c, h, r);
        cell = past;
        heap = h;
        rss = r;
    }
    ops->put(user, cell, heap, rss);
}

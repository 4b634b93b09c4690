/* The reading of Pss that stands for a point (see pss_reading.h). */
#include "pss_reading.h"

#include <stdbool.h>

static bool _read(const struct hl_timeline_point *p)
{
    return p->pss != HL_TIMELINE_UNKNOWN;
}

/* What of a point's RSS is not its heap: the heap is the process's own,
 * so a point whose heap grew since a reading is no nearer to the reading
 * after it for that. */
static uint64_t _beside_heap(const struct hl_timeline_point *p)
{
    if (p->rss == HL_TIMELINE_UNKNOWN || p->heap == HL_TIMELINE_UNKNOWN)
        return p->rss;
    return p->rss > p->heap ? p->rss - p->heap : 0;
}

static uint64_t _distance(const struct hl_timeline_point *a,
                          const struct hl_timeline_point *b)
{
    uint64_t x = _beside_heap(a), y = _beside_heap(b);

    if (x == HL_TIMELINE_UNKNOWN || y == HL_TIMELINE_UNKNOWN)
        return UINT64_MAX;
    return x > y ? x - y : y - x;
}

const struct hl_timeline_point *
hl_pss_reading(const struct hl_timeline_point *p, size_t n, size_t i,
               struct hl_pss_walk *w)
{
    const struct hl_timeline_point *before, *after;

    for (; w->seen <= i; w->seen++)
        if (_read(&p[w->seen]))
            w->before = w->seen + 1;
    if (w->before == i + 1)
        return &p[i];
    if (w->after < w->seen)
        for (w->after = w->seen; w->after < n && !_read(&p[w->after]);)
            w->after++;
    before = w->before ? &p[w->before - 1] : NULL;
    after = w->after < n ? &p[w->after] : NULL;
    if (!before || !after)
        return before ? before : after;
    return _distance(after, &p[i]) < _distance(before, &p[i]) ? after : before;
}

/* The reading of Pss that stands for a point (see pss_reading.h). */
#include "pss_reading.h"

static uint64_t _distance(uint64_t a, uint64_t b)
{
    if (a == HL_TIMELINE_UNKNOWN || b == HL_TIMELINE_UNKNOWN)
        return UINT64_MAX;
    return a > b ? a - b : b - a;
}

const struct hl_timeline_point *
hl_pss_reading(const struct hl_timeline_point *p, size_t n, size_t i,
               struct hl_pss_walk *w)
{
    const struct hl_timeline_point *before, *after;

    if (p[i].pss != HL_TIMELINE_UNKNOWN) {
        w->before = i + 1;
        return &p[i];
    }
    if (w->after <= i)
        w->after = i + 1;
    while (w->after < n && p[w->after].pss == HL_TIMELINE_UNKNOWN)
        w->after++;
    before = w->before ? &p[w->before - 1] : NULL;
    after = w->after < n ? &p[w->after] : NULL;
    if (!before || !after)
        return before ? before : after;
    return _distance(after->rss, p[i].rss) < _distance(before->rss, p[i].rss)
               ? after
               : before;
}

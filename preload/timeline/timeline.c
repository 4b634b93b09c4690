/* The bounded series of one process (timeline.h). */
#include "timeline.h"

static int64_t _bucket(const struct hl_timeline *tl, int64_t t_ms)
{
    return t_ms / tl->width_ms;
}

/* A reading of VmRSS (or none) in point p: the largest one stays. */
static void _read_in(struct hl_timeline_point *p, uint64_t rss)
{
    if (rss != HL_TIMELINE_NO_RSS &&
        (p->rss == HL_TIMELINE_NO_RSS || rss > p->rss))
        p->rss = rss;
}

/* Point b merged into point a, which comes before it. */
static void _merge(struct hl_timeline *tl, size_t a, size_t b)
{
    struct hl_timeline_point *p = &tl->p[a], *q = &tl->p[b];

    if (q->heap > p->heap)
        p->heap = q->heap;
    _read_in(p, q->rss);
}

/* Doubles the width until at most half the points are left: room for as
 * many points again before the next merge. */
static void _widen(struct hl_timeline *tl)
{
    while (tl->n > HL_TIMELINE_POINTS / 2) {
        size_t kept = 0;

        tl->width_ms *= 2;
        for (size_t i = 0; i < tl->n; i++) {
            if (kept && _bucket(tl, tl->p[i].t_ms) ==
                            _bucket(tl, tl->p[kept - 1].t_ms)) {
                _merge(tl, kept - 1, i);
                continue;
            }
            tl->p[kept++] = tl->p[i];
        }
        tl->n = kept;
    }
}

void hl_timeline_reset(struct hl_timeline *tl)
{
    tl->n = 0;
    tl->width_ms = HL_TIMELINE_FIRST_MS;
}

size_t hl_timeline_note(struct hl_timeline *tl, int64_t t_ms, uint64_t heap,
                        uint64_t rss)
{
    size_t changed = tl->n;
    struct hl_timeline_point *last;

    if (tl->n && t_ms < tl->p[tl->n - 1].t_ms)
        t_ms = tl->p[tl->n - 1].t_ms;
    if (tl->n && rss != HL_TIMELINE_NO_RSS) {
        _read_in(&tl->p[tl->n - 1], rss);
        changed = tl->n - 1;
        rss = HL_TIMELINE_NO_RSS;
    }
    if (tl->n == HL_TIMELINE_POINTS &&
        _bucket(tl, t_ms) != _bucket(tl, tl->p[tl->n - 1].t_ms)) {
        _widen(tl);
        changed = 0;
    }
    if (!tl->n || _bucket(tl, t_ms) != _bucket(tl, tl->p[tl->n - 1].t_ms)) {
        tl->p[tl->n] =
            (struct hl_timeline_point){t_ms, heap, HL_TIMELINE_NO_RSS};
        if (changed > tl->n)
            changed = tl->n;
        tl->n++;
    }
    last = &tl->p[tl->n - 1];
    _read_in(last, rss);
    if (heap > last->heap) {
        last->heap = heap;
        if (changed > tl->n - 1)
            changed = tl->n - 1;
    }
    return changed;
}

void hl_timeline_settle(struct hl_timeline *tl, uint64_t peak,
                        int64_t peak_t_ms, int64_t vmhwm, int64_t end_ms)
{
    size_t at = 0;

    while (tl->n > 1 && tl->p[tl->n - 1].t_ms > end_ms) {
        _merge(tl, tl->n - 2, tl->n - 1);
        tl->n--;
    }
    hl_timeline_settle_rss(tl->p, tl->n, 0, vmhwm < 0 ? 0 : (uint64_t)vmhwm);
    for (size_t i = 0; i < tl->n; i++) {
        if (tl->p[i].t_ms <= peak_t_ms)
            at = i;
        if (tl->p[i].heap > peak)
            tl->p[i].heap = peak;
    }
    if (tl->n)
        tl->p[at].heap = peak;
}

/* The bounded series of one process (timeline.h). */
#include "timeline.h"

#define _NONE HL_TIMELINE_UNKNOWN

static int64_t _bucket(const struct hl_timeline *tl, int64_t t_ms)
{
    return t_ms / tl->width_ms;
}

/* The larger of two figures, either of them possibly unknown. */
static uint64_t _most(uint64_t a, uint64_t b)
{
    if (a == _NONE)
        return b;
    if (b == _NONE)
        return a;
    return a > b ? a : b;
}

/* The smaller: an unknown one, HL_TIMELINE_UNKNOWN, is the largest. */
static uint64_t _least(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* The reading of Pss of q into p, if its Pss is larger. */
static void _pss_in(struct hl_timeline_point *p, uint64_t pss,
                    uint64_t pss_shmem, uint64_t rss_shmem)
{
    if (pss == _NONE || (p->pss != _NONE && p->pss >= pss))
        return;
    p->pss = pss;
    p->pss_shmem = pss_shmem;
    p->rss_shmem = rss_shmem;
}

/* A reading in point p: it tells of p's end so far. */
static void _read_in(struct hl_timeline_point *p,
                     const struct hl_timeline_reading *r)
{
    p->rss = _most(p->rss, r->rss);
    p->rss_lo = _least(p->rss_lo, r->rss);
    p->rss_hi = _most(p->rss_hi, r->hwm);
    _pss_in(p, r->pss, r->pss_shmem, r->rss_shmem);
}

/* Point b merged into point a, which comes before it. */
static void _merge(struct hl_timeline *tl, size_t a, size_t b)
{
    struct hl_timeline_point *p = &tl->p[a], *q = &tl->p[b];

    p->heap = _most(p->heap, q->heap);
    p->heap_lo = _least(p->heap_lo, q->heap_lo);
    p->rss = _most(p->rss, q->rss);
    p->rss_lo = _least(p->rss_lo, q->rss_lo);
    p->rss_hi = q->rss_hi;
    _pss_in(p, q->pss, q->pss_shmem, q->rss_shmem);
    /* Below its most after q's last note, or from q's start at q's most:
     * a release in q is drawn when it happened, and no earlier one. */
    if (q->heap_last < q->heap) {
        p->t_last = q->t_last;
        p->heap_last = q->heap_last;
    } else {
        p->t_last = q->t_ms - 1;
        p->heap_last = q->heap;
    }
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
    tl->heap = 0;
    tl->read_rss = tl->read_heap = tl->floor = _NONE;
}

static size_t _first(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* The floor after the heap has come to heap: the last reading less what
 * the heap fell below it since. */
static void _floor(struct hl_timeline *tl, uint64_t heap)
{
    uint64_t fall;

    if (tl->read_rss == _NONE || heap >= tl->read_heap)
        return;
    fall = tl->read_heap - heap;
    tl->floor =
        _least(tl->floor, tl->read_rss > fall ? tl->read_rss - fall : 0);
}

size_t hl_timeline_note(struct hl_timeline *tl, int64_t t_ms, uint64_t heap,
                        const struct hl_timeline_reading *r)
{
    size_t changed = tl->n;
    struct hl_timeline_point *last;
    int fall;

    if (tl->n && t_ms < tl->p[tl->n - 1].t_ms)
        t_ms = tl->p[tl->n - 1].t_ms;
    if (r && r->rss != _NONE) {
        tl->read_rss = tl->floor = r->rss;
        tl->read_heap = tl->n ? tl->heap : heap;
    }
    if (tl->n && r) {
        _read_in(&tl->p[tl->n - 1], r);
        changed = tl->n - 1;
    }
    _floor(tl, heap);
    /* A release: the point it falls in holds the floor at least. */
    fall = tl->n && heap < tl->heap;
    tl->heap = heap;
    if (tl->n == HL_TIMELINE_POINTS &&
        _bucket(tl, t_ms) != _bucket(tl, tl->p[tl->n - 1].t_ms)) {
        _widen(tl);
        changed = 0;
    }
    if (!tl->n || _bucket(tl, t_ms) != _bucket(tl, tl->p[tl->n - 1].t_ms)) {
        /* Closed without a reading: its bound was of an earlier moment. */
        if (tl->n && (!r || r->hwm == _NONE)) {
            tl->p[tl->n - 1].rss_hi = _NONE;
            changed = _first(changed, tl->n - 1);
        }
        tl->p[tl->n] = (struct hl_timeline_point){
            .t_ms = t_ms,
            .heap = heap,
            .rss = _NONE,
            .heap_lo = heap,
            .rss_lo = fall ? tl->floor : _NONE,
            .rss_hi = _NONE,
            .pss = _NONE,
            .pss_shmem = _NONE,
            .rss_shmem = _NONE,
            .t_last = t_ms,
            .heap_last = heap,
        };
        /* The first point takes the reading of the start. */
        if (!tl->n && r)
            _read_in(&tl->p[0], r);
        changed = _first(changed, tl->n);
        tl->n++;
        return changed;
    }
    last = &tl->p[tl->n - 1];
    /* Where the point ends matters to its text only below its most. */
    if (heap < last->heap || last->heap_last < last->heap)
        changed = _first(changed, tl->n - 1);
    if (heap < last->heap && t_ms > last->t_last)
        last->t_last = t_ms;
    last->heap_last = heap;
    if (heap > last->heap || heap < last->heap_lo ||
        (fall && tl->floor < last->rss_lo)) {
        last->heap = _most(last->heap, heap);
        last->heap_lo = _least(last->heap_lo, heap);
        if (fall)
            last->rss_lo = _least(last->rss_lo, tl->floor);
        changed = _first(changed, tl->n - 1);
    }
    return changed;
}

void hl_timeline_settle(struct hl_timeline *tl, uint64_t peak,
                        int64_t peak_t_ms, int64_t vmhwm, int64_t end_ms)
{
    uint64_t hwm = vmhwm < 0 ? 0 : (uint64_t)vmhwm;
    size_t at = 0;

    while (tl->n > 1 && tl->p[tl->n - 1].t_ms > end_ms) {
        _merge(tl, tl->n - 2, tl->n - 1);
        tl->n--;
    }
    hl_timeline_settle_rss(tl->p, tl->n, 0, hwm);
    for (size_t i = 0; i < tl->n; i++) {
        struct hl_timeline_point *p = &tl->p[i];

        if (p->t_ms <= peak_t_ms)
            at = i;
        if (p->heap > peak)
            p->heap = peak;
        if (p->heap_lo > p->heap)
            p->heap_lo = p->heap;
        if (p->t_last > end_ms)
            p->t_last = end_ms;
        if (hwm && p->rss_hi != _NONE && p->rss_hi > hwm)
            p->rss_hi = hwm;
    }
    if (tl->n) {
        /* A point that ended at its most ends at the peak. */
        if (tl->p[at].heap_last >= tl->p[at].heap)
            tl->p[at].heap_last = peak;
        tl->p[at].heap = peak;
    }
}

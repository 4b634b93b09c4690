#include "band.h"

#include <string.h>

/* Wider than this, a cell would pass the milliseconds an int64_t holds. */
#define _MAX_SHIFT 62

static unsigned _index(int64_t c)
{
    return (unsigned)((uint64_t)c % HL_BAND_CELLS);
}

static void _clear(struct hl_band *b, unsigned i)
{
    b->min[i] = UINT64_MAX;
    b->max[i] = 0;
    memset(b->count[i], 0, sizeof(b->count[i]));
}

void hl_band_init(struct hl_band *b)
{
    b->lo = 1;
    b->hi = 0;
    b->shift = 0;
    for (unsigned i = 0; i < HL_BAND_CELLS; i++)
        _clear(b, i);
}

/* 0 for 0; else 1 + 4 * the power of two below v + its next two bits. */
static unsigned _bucket(uint64_t v)
{
    unsigned e, sub;

    if (!v)
        return 0;
    e = 63 - (unsigned)__builtin_clzll(v);
    sub = e >= 2 ? (unsigned)(v >> (e - 2)) & 3 : (unsigned)(v << (2 - e)) & 3;
    return 1 + 4 * e + sub;
}

/* The middle of a bucket's values. */
static uint64_t _middle(unsigned bucket)
{
    unsigned e = (bucket - 1) / 4, sub = (bucket - 1) % 4;

    if (!bucket)
        return 0;
    if (e < 2)
        return ((uint64_t)(4 + sub) << e) >> 2;
    return ((uint64_t)(4 + sub) << (e - 2)) + ((uint64_t)1 << (e - 2)) / 2;
}

static void _merge(struct hl_band *to, unsigned t, const struct hl_band *from,
                   unsigned f)
{
    if (from->min[f] < to->min[t])
        to->min[t] = from->min[f];
    if (from->max[f] > to->max[t])
        to->max[t] = from->max[f];
    for (unsigned k = 0; k < HL_BAND_BUCKETS; k++)
        to->count[t][k] += from->count[f][k];
}

/* Doubles the width of the cells: cell c goes to c >> 1, from a copy,
 * since c >> 1 may share its index with a cell not moved yet. The copy is
 * static: 130 KiB is much for a stack, and the report has one thread. */
static void _coarsen(struct hl_band *b)
{
    static struct hl_band old;

    memcpy(&old, b, sizeof(old));
    for (int64_t c = b->lo; c <= b->hi; c++)
        _clear(b, _index(c));
    for (int64_t c = old.lo; c <= old.hi; c++)
        _merge(b, _index(c >> 1), &old, _index(c));
    b->lo >>= 1;
    b->hi >>= 1;
    b->shift++;
}

static void _span(struct hl_band *b, int64_t from_ms, int64_t to_ms)
{
    for (;;) {
        int64_t lo = from_ms >> b->shift, hi = to_ms >> b->shift;

        if (b->hi >= b->lo) {
            lo = lo < b->lo ? lo : b->lo;
            hi = hi > b->hi ? hi : b->hi;
        }
        if (hi - lo < HL_BAND_CELLS || b->shift == _MAX_SHIFT) {
            b->lo = lo;
            b->hi = hi;
            return;
        }
        if (b->hi >= b->lo)
            _coarsen(b);
        else
            b->shift++;
    }
}

static void _put(struct hl_band *b, int64_t c, uint64_t heap)
{
    unsigned i = _index(c);

    if (heap < b->min[i])
        b->min[i] = heap;
    if (heap > b->max[i])
        b->max[i] = heap;
    b->count[i][_bucket(heap)]++;
}

void hl_band_add(struct hl_band *b, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms)
{
    int64_t last = start_ms + p[n - 1].t_ms, cell = 0;
    uint64_t heap = 0;
    int open = 0;

    if (end_ms <= last)
        end_ms = last + 1;
    _span(b, start_ms + p[0].t_ms, end_ms - 1);
    for (size_t i = 0; i < n; i++) {
        int64_t from = start_ms + p[i].t_ms;
        int64_t to = i + 1 < n ? start_ms + p[i + 1].t_ms : end_ms;
        int64_t first = from >> b->shift, past = (to - 1) >> b->shift;

        if (open && first != cell) {
            _put(b, cell, heap);
            open = 0;
        }
        if (!open) {
            cell = first;
            heap = 0;
            open = 1;
        }
        heap = p[i].heap > heap ? p[i].heap : heap;
        if (past == first)
            continue;
        _put(b, cell, heap);
        for (int64_t c = first + 1; c < past; c++)
            _put(b, c, p[i].heap);
        cell = past;
        heap = p[i].heap;
    }
    _put(b, cell, heap);
}

int hl_band_get(const struct hl_band *b, int64_t c, struct hl_band_cell *out)
{
    unsigned i = _index(c);
    uint64_t total = 0, seen = 0;
    unsigned k = 0;

    if (b->min[i] == UINT64_MAX)
        return 0;
    for (unsigned j = 0; j < HL_BAND_BUCKETS; j++)
        total += b->count[i][j];
    while (k < HL_BAND_BUCKETS - 1 &&
           (seen += b->count[i][k]) < (total + 1) / 2)
        k++;
    out->min = b->min[i];
    out->max = b->max[i];
    out->median = _middle(k);
    if (out->median < out->min)
        out->median = out->min;
    if (out->median > out->max)
        out->median = out->max;
    return 1;
}

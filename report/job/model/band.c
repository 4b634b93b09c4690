#include "band.h"

#include <string.h>

static unsigned _index(int64_t c)
{
    return hl_grid_index(c, HL_BAND_CELLS);
}

static void _clear(struct hl_band *b, unsigned i)
{
    b->min[i] = UINT64_MAX;
    b->max[i] = 0;
    memset(b->count[i], 0, sizeof(b->count[i]));
}

void hl_band_init(struct hl_band *b)
{
    hl_grid_init(&b->grid);
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

/* The cells doubled in width: cell c goes to c >> 1, from a copy, since
 * c >> 1 may share its index with a cell not moved yet. The copy is
 * static: 130 KiB is much for a stack, and the report has one thread. */
static void _coarsen(void *user)
{
    static struct hl_band old;
    struct hl_band *b = user;

    memcpy(&old, b, sizeof(old));
    for (int64_t c = b->grid.lo; c <= b->grid.hi; c++)
        _clear(b, _index(c));
    for (int64_t c = old.grid.lo; c <= old.grid.hi; c++)
        _merge(b, _index(c >> 1), &old, _index(c));
}

/* A process's largest heap in cell c; the band has no use for the rest. */
static void _put(void *user, int64_t c, const struct hl_grid_held *held)
{
    struct hl_band *b = user;
    unsigned i = _index(c);
    uint64_t heap = held->heap;

    if (heap < b->min[i])
        b->min[i] = heap;
    if (heap > b->max[i])
        b->max[i] = heap;
    b->count[i][_bucket(heap)]++;
}

static const struct hl_grid_ops _ops = {HL_BAND_CELLS, _coarsen, _put};

void hl_band_add(struct hl_band *b, int64_t start_ms,
                 const struct hl_timeline_point *p, size_t n, int64_t end_ms)
{
    hl_grid_add(&b->grid, &_ops, b, start_ms, p, n, end_ms);
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

#include "site_needs.h"

#include <stdlib.h>
#include <string.h>

#include "site_format.h"

#define _MIB (UINT64_C(1) << 20)
#define _COUNT ((UINT64_C(1) << 56) - 1)

unsigned hl_site_grid_index(uint64_t bytes)
{
    uint64_t m = bytes / _MIB + (bytes % _MIB != 0);
    unsigned o;

    if (bytes > HL_SITE_MAX_BYTES)
        m = HL_SITE_MAX_BYTES / _MIB;
    if (m <= 16)
        return m ? (unsigned)m - 1 : 0;
    /* m in (2^o, 2^(o+1)], in steps of 2^(o-3) */
    o = 63 - (unsigned)__builtin_clzll(m - 1);
    return 16 + (o - 4) * 8 +
           (unsigned)((m - (UINT64_C(1) << o) + (UINT64_C(1) << (o - 3)) - 1) >>
                      (o - 3)) -
           1;
}

uint64_t hl_site_grid_size(unsigned index)
{
    unsigned o = 4 + (index - 16) / 8;

    if (index < 16)
        return (index + 1) * _MIB;
    return ((UINT64_C(1) << o) +
            ((index - 16) % 8 + 1) * (UINT64_C(1) << (o - 3))) *
           _MIB;
}

unsigned hl_site_grid_below(uint64_t bytes)
{
    unsigned i;

    if (bytes < _MIB)
        return 0;
    i = hl_site_grid_index(bytes);
    return hl_site_grid_size(i) <= bytes ? i + 1 : i;
}

/* One more at index, of bytes (kept where g keeps the most): 0, or -1
 * when memory runs out. */
static int _count(struct hl_site_grid_counts *g, unsigned index, uint64_t bytes,
                  bool most)
{
    uint16_t lo = 0, hi = g->n;
    uint64_t key = (uint64_t)index << 56;

    while (lo < hi) {
        uint16_t mid = (uint16_t)((lo + hi) / 2);

        if (g->cells[mid] < key)
            lo = (uint16_t)(mid + 1);
        else
            hi = mid;
    }
    if (lo < g->n && g->cells[lo] >> 56 == index) {
        /* 2^56 step-nodes: a thousand years of a million a second */
        if ((g->cells[lo] & _COUNT) < _COUNT)
            g->cells[lo]++;
        if (most && g->most[lo] < bytes)
            g->most[lo] = bytes;
        return 0;
    }
    if (g->n == g->cap) {
        uint16_t cap = g->cap ? (uint16_t)(2 * g->cap) : 4;
        uint64_t *cells;

        if (cap > HL_SITE_GRID + 1)
            cap = HL_SITE_GRID + 1;
        if (!(cells = realloc(g->cells, cap * sizeof(*cells))))
            return -1;
        g->cells = cells;
        if (most) {
            uint64_t *m = realloc(g->most, cap * sizeof(*m));

            if (!m)
                return -1;
            g->most = m;
        }
        g->cap = cap;
    }
    memmove(g->cells + lo + 1, g->cells + lo, (g->n - lo) * sizeof(*g->cells));
    g->cells[lo] = key | 1;
    if (most) {
        memmove(g->most + lo + 1, g->most + lo, (g->n - lo) * sizeof(*g->most));
        g->most[lo] = bytes;
    }
    g->n++;
    return 0;
}

int hl_site_needs_add(struct hl_site_needs *n, bool has_need, uint64_t need,
                      bool oom, uint64_t limit, bool has_request,
                      uint64_t request, double seconds)
{
    if (has_request) {
        n->requested += (double)request * seconds;
        n->seconds += seconds;
    }
    if (oom && !limit) {
        n->oom_nolimit++;
        return 0;
    }
    if (oom)
        return _count(&n->oom, hl_site_grid_below(limit), limit, true);
    return has_need ? _count(&n->met, hl_site_grid_index(need), need, false)
                    : 0;
}

void hl_site_needs_free(struct hl_site_needs *n)
{
    free(n->met.cells);
    free(n->oom.cells);
    free(n->oom.most);
    memset(n, 0, sizeof(*n));
}

static uint64_t _cell(const struct hl_site_grid_counts *g, uint16_t i)
{
    return g->cells[i] & _COUNT;
}

void hl_site_advise(const struct hl_site_needs *n, unsigned cover,
                    struct hl_site_advice *a)
{
    uint64_t rank, seen = 0;
    uint16_t m = 0, k = 0;
    unsigned at = 0;

    memset(a, 0, sizeof(*a));
    for (uint16_t i = 0; i < n->met.n; i++)
        a->covered += _cell(&n->met, i);
    for (uint16_t i = 0; i < n->oom.n; i++)
        a->oom += _cell(&n->oom, i);
    a->measured = a->covered + a->oom;
    a->oom += n->oom_nolimit;
    a->oom_unknown = a->oom;
    if (!a->measured)
        return;
    /* the share's rank, counted from the smallest need: at a grid size,
     * the needs that fit it first, then the OOM-killed step-nodes whose
     * limit was under it, who may have needed more */
    rank = (uint64_t)(((unsigned __int128)a->measured * cover +
                       HL_SITE_COVER_FULL - 1) /
                      HL_SITE_COVER_FULL);
    if (!rank)
        rank = 1;
    while (seen < rank) {
        unsigned im = m < n->met.n ? (unsigned)(n->met.cells[m] >> 56) : ~0u;
        unsigned ik = k < n->oom.n ? (unsigned)(n->oom.cells[k] >> 56) : ~0u;

        if (im <= ik) {
            seen += _cell(&n->met, m++);
            at = im;
            a->over = false;
        } else {
            seen += _cell(&n->oom, k);
            at = ik;
            a->over = true;
            a->limit = n->oom.most[k++];
        }
    }
    a->known = true;
    a->mem = hl_site_grid_size(at);
    /* the needs above it, and the OOM-killed step-nodes whose limit was it
     * or more, needed more than it */
    a->covered = 0;
    for (uint16_t i = 0; i < n->met.n; i++)
        if (n->met.cells[i] >> 56 <= at)
            a->covered += _cell(&n->met, i);
        else
            a->killed += _cell(&n->met, i);
    for (uint16_t i = 0; i < n->oom.n; i++)
        if (n->oom.cells[i] >> 56 > at) {
            a->killed += _cell(&n->oom, i);
            a->oom_unknown -= _cell(&n->oom, i);
        }
    a->saved = n->requested - (double)a->mem * n->seconds;
}

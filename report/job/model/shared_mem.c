#include "shared_mem.h"

#include <inttypes.h>
#include <stdio.h>

#include "format_size.h"
#include "pss_reading.h"

#define _MIB (UINT64_C(1) << 20)

/* "5.0": how many times the sum of VmHWM counts a shared page, on
 * average over the pages (at least: shmem_once is the least), one
 * decimal. */
static void _times(const struct hl_node *n, char buf[32])
{
    uint64_t tenths =
        n->shmem_once
            ? (n->shmem_mapped * 10 + n->shmem_once / 2) / n->shmem_once
            : 0;

    snprintf(buf, 32, "%" PRIu64 ".%" PRIu64, tenths / 10, tenths % 10);
}

void hl_fmt_node_shmem_cell(const struct hl_node *n, char *buf, size_t size)
{
    char once[HL_SIZE_BUF], times[32];

    if (!hl_node_shmem_shown(n)) {
        snprintf(buf, size, "%s", "");
        return;
    }
    hl_format_size(n->shmem_once, once);
    _times(n, times);
    snprintf(buf, size, "shared %s counted %s times", once, times);
}

void hl_fmt_node_shmem(const struct hl_node *n, const char *name, char *buf,
                       size_t size)
{
    char once[HL_SIZE_BUF], over[HL_SIZE_BUF], conc[160] = "", times[32];

    hl_format_size(n->shmem_once, once);
    hl_format_size(hl_node_shmem_over(n), over);
    _times(n, times);
    if (n->conc_pss_known && n->conc_rss > n->conc_pss) {
        char diff[HL_SIZE_BUF];

        hl_format_size(n->conc_rss - n->conc_pss, diff);
        snprintf(conc, sizeof(conc),
                 "; the concurrent PSS counts each shared page once, and "
                 "the concurrent RSS is %s above it",
                 diff);
    }
    snprintf(buf, size,
             "On %s, the processes share %s of memory (segments in /dev/shm, "
             "MPI shared-memory windows), which each of them that maps it "
             "counts in its VmHWM and RSS: the sum of VmHWM counts it %s "
             "times, up to %s more than once%s.",
             name, once, times, over, conc);
}

static uint64_t _known(uint64_t v)
{
    return v == HL_TIMELINE_UNKNOWN ? 0 : v;
}

/* Own and shared at point `at` of a timeline whose reading of Pss in
 * effect there is `r`, as the node's sum counts it (time_grid.c): its PSS
 * is its RSS less the shared part the reading found (its RSS less its
 * Pss), of which the reading's Pss_Shmem is its share of shared memory. */
static void _split(const struct hl_timeline_point *at,
                   const struct hl_timeline_point *r, struct hl_own_shared *o)
{
    uint64_t excess = _known(r->rss) > r->pss ? _known(r->rss) - r->pss : 0;
    uint64_t pss = _known(at->rss) > excess ? _known(at->rss) - excess : 0;

    o->shared = _known(r->pss_shmem);
    o->own = pss > o->shared ? pss - o->shared : 0;
    o->by_rss = false;
}

/* Own and shared of the timeline p[0..n) over the cell [from_ms, from_ms
 * + cell_ms) (in its own time, since its start), as the node's sum takes
 * it: at its point of most PSS within the cell, with the reading of Pss
 * that stands for that point (pss_reading.h); over its whole life (from_ms
 * INT64_MIN), at its point of most own memory. Returns false when it has
 * no reading. */
static bool _from_timeline(const struct hl_timeline_point *p, uint32_t n,
                           int64_t from_ms, int64_t cell_ms,
                           struct hl_own_shared *o)
{
    struct hl_pss_walk walk = {0};
    struct hl_own_shared here;
    bool found = false, life = from_ms == INT64_MIN;

    if (!n)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        const struct hl_timeline_point *r = hl_pss_reading(p, n, i, &walk);
        bool last = i + 1 == n;

        if (!r)
            return false;
        if (!life && (p[i].t_ms >= from_ms + cell_ms ||
                      (!last && p[i + 1].t_ms <= from_ms)))
            continue;
        _split(&p[i], r, &here);
        if (!found || (life ? here.own > o->own
                            : here.own + here.shared > o->own + o->shared))
            *o = here;
        found = true;
    }
    /* A cell it did not live in: its most own memory. */
    return found || _from_timeline(p, n, INT64_MIN, 0, o);
}

bool hl_own_shared(const struct hl_procset *set, const struct hl_summary *sum,
                   const struct hl_proc *p, struct hl_own_shared *o)
{
    const struct hl_node *n = &sum->nodes[sum->node_of_host[p->host]];

    if (p->series != HL_NO_SERIES) {
        const struct hl_series *s = &set->timelines.series[p->series];
        int64_t when = INT64_MIN;

        if (n->conc_pss_known && p->start_ns >= 0 && sum->origin_ns >= 0)
            when = sum->origin_ns / 1000000 + n->conc_pss_ms -
                   p->start_ns / 1000000;
        if (_from_timeline(s->points, s->n, when, n->conc_cell_ms, o))
            return true;
    }
    o->by_rss = false;
    if (p->pss) {
        o->shared = p->pss_shmem;
        o->own = p->pss > p->pss_shmem ? p->pss - p->pss_shmem : 0;
        return true;
    }
    o->own = 0;
    o->shared = p->rss_shmem;
    o->by_rss = true;
    return p->rss_shmem > 0;
}

bool hl_shares(const struct hl_procset *set, const struct hl_summary *sum,
               const struct hl_proc *p)
{
    struct hl_own_shared o;

    return hl_own_shared(set, sum, p, &o) && o.shared >= _MIB;
}

void hl_fmt_own_shared(const struct hl_procset *set,
                       const struct hl_summary *sum, const struct hl_proc *p,
                       char own[32], char shared[40])
{
    struct hl_own_shared o;
    char size[HL_SIZE_BUF];

    if (!hl_own_shared(set, sum, p, &o)) {
        snprintf(own, 32, "-");
        snprintf(shared, 40, "-");
        return;
    }
    if (o.by_rss)
        snprintf(own, 32, "-");
    else
        hl_format_size(o.own, own);
    hl_format_size(o.shared, size);
    snprintf(shared, 40, "%s%s", size, o.by_rss ? " (RSS)" : "");
}

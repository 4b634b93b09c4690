#include "timelines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared/grow.h"
#include "job/natural_order.h"
#include "procs.h"

/* Times past this, added to a start, could pass what an int64_t holds. */
#define _FAR_MS (INT64_MAX / 4)

int hl_timelines_stage(struct hl_timelines *tl, uint32_t proc, const char *text,
                       int64_t start_ns, int64_t elapsed_ms)
{
    struct hl_timeline_point *points;
    struct hl_staged *staged;
    const char *why;
    int version;
    long n;

    if (start_ns < 0) {
        snprintf(tl->fault, sizeof(tl->fault),
                 "a timeline without start_time_s");
        return 0;
    }
    points =
        hl_grow(tl->points, &tl->points_cap, tl->npoints + HL_TIMELINE_READ_MAX,
                sizeof(*points), HL_TIMELINE_READ_MAX);
    if (!points)
        return -1;
    tl->points = points;
    points += tl->npoints;
    n = hl_timeline_parse(text, strlen(text), points, HL_TIMELINE_READ_MAX,
                          &version, &why);
    if (n < 0) {
        snprintf(tl->fault, sizeof(tl->fault), "%s", why);
        return 0;
    }
    if (n == 0)
        return 0;
    if (points[n - 1].t_ms > _FAR_MS || elapsed_ms > _FAR_MS) {
        snprintf(tl->fault, sizeof(tl->fault), "timeline times out of range");
        return 0;
    }
    staged = hl_grow(tl->staged, &tl->staged_cap, tl->nstaged + 1,
                     sizeof(*staged), 16);
    if (!staged)
        return -1;
    tl->staged = staged;
    staged[tl->nstaged++] = (struct hl_staged){proc, (uint32_t)tl->npoints,
                                               (uint32_t)n, (uint8_t)version};
    tl->npoints += (size_t)n;
    return 0;
}

/* Who a process is, as far as records tell: a record read twice has the
 * same. */
static uint64_t _hash(const struct hl_proc *p)
{
    uint64_t h = (uint64_t)p->start_ns;

    h = (h ^ p->pid) * 0x9e3779b97f4a7c15ull;
    h = (h ^ p->host) * 0x9e3779b97f4a7c15ull;
    h = (h ^ p->job) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

static int _same(const struct hl_proc *a, const struct hl_proc *b)
{
    return a->start_ns == b->start_ns && a->pid == b->pid &&
           a->host == b->host && a->job == b->job;
}

/* The slot of process proc in tl->seen: where it is, or the free slot
 * where it goes. */
static uint32_t *_slot(uint32_t *slots, size_t nslots,
                       const struct hl_proc *procs, uint32_t proc)
{
    size_t i = _hash(&procs[proc]) & (nslots - 1);

    while (slots[i] && !_same(&procs[slots[i] - 1], &procs[proc]))
        i = (i + 1) & (nslots - 1);
    return &slots[i];
}

/* Whether process proc was folded in already; if not, it is now noted.
 * Returns 1, 0, or -1 when memory runs out. */
static int _seen(struct hl_timelines *tl, const struct hl_proc *procs,
                 uint32_t proc)
{
    uint32_t *slot;

    if (2 * (tl->seen_count + 1) > tl->seen_slots) {
        size_t n = tl->seen_slots ? 2 * tl->seen_slots : 1024;
        uint32_t *slots = calloc(n, sizeof(*slots));

        if (!slots)
            return -1;
        for (size_t i = 0; i < tl->seen_slots; i++)
            if (tl->seen[i])
                *_slot(slots, n, procs, tl->seen[i] - 1) = tl->seen[i];
        free(tl->seen);
        tl->seen = slots;
        tl->seen_slots = n;
    }
    slot = _slot(tl->seen, tl->seen_slots, procs, proc);
    if (*slot)
        return 1;
    *slot = proc + 1;
    tl->seen_count++;
    return 0;
}

static struct hl_conc *_grid(struct hl_timelines *tl, uint32_t host)
{
    if (host >= tl->ngrids) {
        size_t n = tl->ngrids;
        struct hl_conc **grids =
            hl_grow(tl->grids, &n, (size_t)host + 1, sizeof(*grids), 16);

        if (!grids)
            return NULL;
        memset(grids + tl->ngrids, 0, (n - tl->ngrids) * sizeof(*grids));
        tl->grids = grids;
        tl->ngrids = n;
    }
    if (!tl->grids[host] && (tl->grids[host] = malloc(sizeof(struct hl_conc))))
        hl_conc_init(tl->grids[host]);
    return tl->grids[host];
}

/* Why a series is kept (hl_series.holders). */
#define _FOR_RANK 1u
#define _FOR_PROCESS 2u

/* A free entry of tl->series, or a new one at its end; SIZE_MAX when
 * memory runs out. Entries are freed only when a few are kept (as many as
 * the outputs show), and only then looked through; every process's series
 * (keep SIZE_MAX) are appended. */
static size_t _free_entry(struct hl_timelines *tl)
{
    struct hl_series *series;

    for (size_t k = 0; tl->keep != SIZE_MAX && k < tl->nseries; k++)
        if (!tl->series[k].points)
            return k;
    series = hl_grow(tl->series, &tl->series_cap, tl->nseries + 1,
                     sizeof(*series), 16);
    if (!series)
        return SIZE_MAX;
    tl->series = series;
    tl->series[tl->nseries].points = NULL;
    return tl->nseries++;
}

/* Keeps the staged points of st as the series of its process for holder,
 * a copy unless the other holder keeps it already; its entry in *k.
 * Returns 0, or -1 when memory runs out. */
static int _store(struct hl_timelines *tl, struct hl_proc *procs,
                  const struct hl_staged *st, unsigned holder, uint32_t *k)
{
    const struct hl_timeline_point *points = tl->points + st->first;
    uint32_t proc = st->proc, n = st->n;
    struct hl_series *s;
    size_t at;

    if (procs[proc].series != HL_NO_SERIES) {
        *k = procs[proc].series;
        tl->series[*k].holders |= (uint8_t)holder;
        return 0;
    }
    if ((at = _free_entry(tl)) == SIZE_MAX)
        return -1;
    s = &tl->series[at];
    if (!(s->points = malloc(n * sizeof(*points))))
        return -1;
    memcpy(s->points, points, n * sizeof(*points));
    s->n = n;
    s->proc = proc;
    s->version = st->version;
    s->holders = (uint8_t)holder;
    procs[proc].series = (uint32_t)at;
    *k = (uint32_t)at;
    return 0;
}

/* Series k is no longer kept for holder: freed when nothing keeps it. */
static void _forget(struct hl_timelines *tl, struct hl_proc *procs, size_t k,
                    unsigned holder)
{
    struct hl_series *s = &tl->series[k];

    s->holders &= (uint8_t)~holder;
    if (s->holders)
        return;
    procs[s->proc].series = HL_NO_SERIES;
    free(s->points);
    s->points = NULL;
}

/* Whether a precedes b in the report's order of ranks (aggregate.c):
 * larger peak heap, then smaller rank, then node name; then, for the
 * processes listed (proc_list.c), smaller pid. */
static int _rank_before(const struct hl_proc *a, const struct hl_proc *b,
                        const struct hl_strpool *hosts)
{
    int c;

    if (a->peak_heap != b->peak_heap)
        return a->peak_heap > b->peak_heap;
    if (a->rank != b->rank)
        return a->rank < b->rank;
    c = hl_natural_cmp(hl_strpool_get(hosts, a->host),
                       hl_strpool_get(hosts, b->host));
    return c ? c < 0 : a->pid < b->pid;
}

/* Of two processes of one rank, the one that stands for it: the larger
 * peak heap, then the smaller pid. */
static int _stands_before(const struct hl_proc *a, const struct hl_proc *b)
{
    if (a->peak_heap != b->peak_heap)
        return a->peak_heap > b->peak_heap;
    return a->pid < b->pid;
}

/* The entry of the last in order of the series kept[0..n). */
static size_t _worst(const struct hl_timelines *tl, const struct hl_proc *procs,
                     const struct hl_strpool *hosts, const uint32_t *kept,
                     size_t n)
{
    size_t worst = 0;

    for (size_t i = 1; i < n; i++)
        if (_rank_before(&procs[tl->series[kept[worst]].proc],
                         &procs[tl->series[kept[i]].proc], hosts))
            worst = i;
    return worst;
}

/* Keeps the series of the process of st if its rank is among the tl->keep
 * first so far, and it stands for it: the kept ranks are few (the ranks an
 * output shows), and each record is compared with each of them. A series
 * that no longer stands for a kept rank gives its place to the new one. */
static int _keep_rank(struct hl_timelines *tl, struct hl_proc *procs,
                      const struct hl_strpool *hosts,
                      const struct hl_staged *st)
{
    const struct hl_proc *p = &procs[st->proc];
    size_t worst;

    for (size_t i = 0; i < tl->nranks; i++) {
        const struct hl_proc *q = &procs[tl->series[tl->ranks[i]].proc];

        if (q->rank == p->rank && q->host == p->host) {
            if (!_stands_before(p, q))
                return 0;
            _forget(tl, procs, tl->ranks[i], _FOR_RANK);
            return _store(tl, procs, st, _FOR_RANK, &tl->ranks[i]);
        }
    }
    if (tl->nranks < tl->keep) {
        uint32_t *ranks = realloc(tl->ranks, (tl->nranks + 1) * sizeof(*ranks));

        if (!ranks)
            return -1;
        tl->ranks = ranks;
        return _store(tl, procs, st, _FOR_RANK, &tl->ranks[tl->nranks++]);
    }
    worst = _worst(tl, procs, hosts, tl->ranks, tl->nranks);
    if (!_rank_before(p, &procs[tl->series[tl->ranks[worst]].proc], hosts))
        return 0;
    _forget(tl, procs, tl->ranks[worst], _FOR_RANK);
    return _store(tl, procs, st, _FOR_RANK, &tl->ranks[worst]);
}

/* Keeps the series of the process of st, without a rank, if it is among
 * the tl->keep first of those so far: outside MPI the tables list them. */
static int _keep_unranked(struct hl_timelines *tl, struct hl_proc *procs,
                          const struct hl_strpool *hosts,
                          const struct hl_staged *st)
{
    uint32_t proc = st->proc;
    size_t worst;

    if (procs[proc].rank != -1)
        return 0;
    if (tl->nunranked < tl->keep) {
        uint32_t *kept =
            realloc(tl->unranked, (tl->nunranked + 1) * sizeof(*kept));

        if (!kept)
            return -1;
        tl->unranked = kept;
        return _store(tl, procs, st, _FOR_PROCESS,
                      &tl->unranked[tl->nunranked++]);
    }
    worst = _worst(tl, procs, hosts, tl->unranked, tl->nunranked);
    if (!_rank_before(&procs[proc],
                      &procs[tl->series[tl->unranked[worst]].proc], hosts))
        return 0;
    _forget(tl, procs, tl->unranked[worst], _FOR_PROCESS);
    return _store(tl, procs, st, _FOR_PROCESS, &tl->unranked[worst]);
}

int hl_timelines_commit(struct hl_timelines *tl, struct hl_proc *procs,
                        const struct hl_strpool *hosts)
{
    for (size_t i = 0; i < tl->nstaged; i++) {
        const struct hl_staged *s = &tl->staged[i];
        struct hl_timeline_point *points = tl->points + s->first;
        struct hl_proc *p = &procs[s->proc];
        int64_t start_ms = p->start_ns / 1000000;
        struct hl_conc *grid;
        int seen = _seen(tl, procs, s->proc), failed = 0;

        if (seen < 0)
            return -1;
        hl_timeline_settle_rss(points, s->n, p->vmrss_at_exit, p->vmhwm);
        p->timeline = HL_TIMELINE_FULL;
        for (uint32_t j = 0; j < s->n; j++)
            if (points[j].rss == HL_TIMELINE_UNKNOWN)
                p->timeline = HL_TIMELINE_HEAP;
        if (seen)
            continue;
        if (!(grid = _grid(tl, p->host)))
            return -1;
        hl_conc_add(grid, start_ms, points, s->n, start_ms + p->elapsed_ms,
                    s->version);
        if (tl->band)
            hl_band_add(tl->band, start_ms, points, s->n,
                        start_ms + p->elapsed_ms);
        if (tl->keep == SIZE_MAX)
            failed = _store(tl, procs, s, _FOR_RANK, &(uint32_t){0});
        else if (tl->keep)
            failed = _keep_rank(tl, procs, hosts, s) ||
                     _keep_unranked(tl, procs, hosts, s);
        if (failed)
            return -1;
    }
    tl->nstaged = tl->npoints = 0;
    return 0;
}

void hl_timelines_drop(struct hl_timelines *tl)
{
    tl->nstaged = tl->npoints = 0;
}

void hl_timelines_end_reading(struct hl_timelines *tl)
{
    free(tl->seen);
    free(tl->ranks);
    free(tl->unranked);
    free(tl->staged);
    free(tl->points);
    tl->seen = tl->ranks = tl->unranked = NULL;
    tl->staged = NULL;
    tl->points = NULL;
    tl->seen_slots = tl->seen_count = tl->nranks = tl->nunranked = 0;
    tl->staged_cap = tl->nstaged = tl->points_cap = tl->npoints = 0;
}

void hl_timelines_free(struct hl_timelines *tl)
{
    hl_timelines_end_reading(tl);
    for (size_t i = 0; i < tl->ngrids; i++)
        free(tl->grids[i]);
    for (size_t i = 0; i < tl->nseries; i++)
        free(tl->series[i].points);
    free(tl->grids);
    free(tl->series);
    free(tl->band);
    memset(tl, 0, sizeof(*tl));
}

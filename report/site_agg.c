#include "site_agg.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

void hl_site_agg_init(struct hl_site_agg *a)
{
    memset(a, 0, sizeof(*a));
    hl_site_map_init(&a->jobs, sizeof(struct hl_site_job));
    hl_site_map_init(&a->steps, 1);
}

static unsigned _bucket(uint64_t x)
{
    int e;

    if (x < 16)
        return (unsigned)x;
    e = 63 - __builtin_clzll(x);
    return 16 + (unsigned)(e - 4) * 8 + (unsigned)((x >> (e - 3)) & 7);
}

/* The figures of name in g, added when new; NULL when memory runs out. */
static struct hl_site_who *_who(struct hl_site_group *g, const char *name,
                                bool hist, uint32_t *id)
{
    uint32_t known = g->names.count;
    struct hl_site_who *w;

    *id = hl_strpool_intern(&g->names, name, strlen(name));
    if (*id == UINT32_MAX)
        return NULL;
    if (*id < known)
        return &g->who[*id];
    w = hl_grow(g->who, &g->cap, g->names.count, sizeof(*w), 64);
    if (!w)
        return NULL;
    g->who = w;
    w = &g->who[*id];
    memset(w, 0, sizeof(*w));
    if (hist && !(w->hist = calloc(HL_SITE_HIST_BUCKETS, sizeof(*w->hist))))
        return NULL;
    return w;
}

static void _add_time(struct hl_site_time *to, const struct hl_site_time *t)
{
    to->requested += t->requested;
    to->used += t->used;
    to->wasted += t->wasted;
}

/* The line's use: the true peak, else the VmHWM sum; false if neither. */
static bool _use(const struct hl_site_row *row, uint64_t *use)
{
    if (!(row->empty & HL_EMPTY(HL_SITE_cgroup_peak))) {
        *use = row->cgroup_peak;
        return true;
    }
    *use = row->vmhwm_sum;
    return !(row->empty & HL_EMPTY(HL_SITE_vmhwm_sum));
}

static void _count(struct hl_site_who *const w[3], size_t offset)
{
    for (int i = 0; i < 3; i++)
        (*(uint64_t *)((char *)w[i] + offset))++;
}

int hl_site_agg_add(struct hl_site_agg *a, const struct hl_site_row *row)
{
    const char *user = row->user[0] ? row->user : "?";
    struct hl_site_time t = {0};
    struct hl_site_who *w[3];
    struct hl_site_job *job;
    uint32_t uid, aid;
    uint8_t *step;
    uint64_t use;
    bool has_use = _use(row, &use), added;
    bool oom = !(row->empty & HL_EMPTY(HL_SITE_oom_kills)) && row->oom_kills;
    double s = (double)row->elapsed / 1000.0;

    w[0] = _who(&a->users, user, true, &uid);
    w[1] = w[0] ? _who(&a->accounts, row->account, false, &aid) : NULL;
    w[2] = &a->all;
    job = w[1] ? hl_site_map_get(&a->jobs, row->job, &added) : NULL;
    if (!job)
        return -1;
    if (added) {
        job->user = uid;
        job->account = aid;
        _count(w, offsetof(struct hl_site_who, jobs));
    }
    if (has_use && !(row->empty & HL_EMPTY(HL_SITE_request))) {
        t.requested = (double)row->request * s;
        t.used = (double)use * s;
        t.wasted = row->request > use ? (double)(row->request - use) * s : 0;
    }
    /* a killed step's use is its limit, not what it needed */
    if (has_use && !oom) {
        struct hl_site_bucket *b = &w[0]->hist[_bucket(use)];

        b->count++;
        if (use > b->largest)
            b->largest = use;
    }
    for (int i = 0; i < 3; i++) {
        _add_time(&w[i]->t, &t);
        w[i]->lines++;
    }
    _add_time(&job->t, &t);
    step = hl_site_map_get(&a->steps, row->job << 32 | row->step, &added);
    if (!step)
        return -1;
    if (added)
        _count(w, offsetof(struct hl_site_who, steps));
    if (!*step && oom) {
        *step = 1;
        _count(w, offsetof(struct hl_site_who, oom_steps));
        job->oom_steps++;
    }
    return 0;
}

uint64_t hl_site_typical(const struct hl_site_who *user, unsigned pct)
{
    uint64_t total = 0, seen = 0;

    for (unsigned b = 0; b < HL_SITE_HIST_BUCKETS; b++)
        total += user->hist[b].count;
    if (!total)
        return 0;
    for (unsigned b = 0; b < HL_SITE_HIST_BUCKETS; b++) {
        seen += user->hist[b].count;
        if (user->hist[b].count && seen * 100 >= total * pct)
            return user->hist[b].largest;
    }
    return 0;
}

double hl_site_gib_hours(double byte_seconds)
{
    return byte_seconds / (1024.0 * 1024.0 * 1024.0) / 3600.0;
}

static void _group_free(struct hl_site_group *g)
{
    for (uint32_t i = 0; i < g->names.count && i < g->cap; i++)
        free(g->who[i].hist);
    free(g->who);
    hl_strpool_free(&g->names);
}

void hl_site_agg_free(struct hl_site_agg *a)
{
    _group_free(&a->users);
    _group_free(&a->accounts);
    hl_site_map_free(&a->jobs);
    hl_site_map_free(&a->steps);
}

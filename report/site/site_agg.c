#include "site_agg.h"

#include <stdlib.h>
#include <string.h>

#include "shared/grow.h"

int hl_site_agg_init(struct hl_site_agg *a, size_t top)
{
    size_t follow = top > HL_SITE_TOP_MIN / 16 ? 16 * top : HL_SITE_TOP_MIN;

    memset(a, 0, sizeof(*a));
    hl_site_set_init(&a->oom);
    if (follow > UINT32_MAX / 4 || hl_site_names_seen_init(&a->names_seen) < 0)
        return -1;
    return hl_site_top_init(&a->top, (uint32_t)follow);
}

/* The figures of name in g, added when new; NULL when memory runs out. */
static struct hl_site_who *_who(struct hl_site_group *g, const char *name,
                                uint32_t *id)
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
    return w;
}

static void _add_time(struct hl_site_time *to, const struct hl_site_time *t)
{
    to->requested += t->requested;
    to->used += t->used;
    to->wasted += t->wasted;
}

/* Whether the line's step is one more OOM-killed step: once per step while
 * they are told apart, then at each line of a step not among them. -1
 * when memory runs out. */
static int _oom_step(struct hl_site_agg *a, const struct hl_site_row *row)
{
    uint64_t key = row->job << 32 | row->step;

    if (a->oom.count < HL_SITE_OOM_EXACT)
        return hl_site_set_add(&a->oom, key);
    if (hl_site_set_has(&a->oom, key))
        return 0;
    a->oom_over = true;
    return 1;
}

/* The line's need in the needs of its user, and of its job's name. A
 * killed step's use is its limit, not what it needed: it needed more than
 * its request (its limit), or than its use where it has no request. */
static int _needs(struct hl_site_agg *a, struct hl_site_who *user, uint32_t uid,
                  const struct hl_site_row *row, bool has_use, uint64_t use,
                  bool oom, double s)
{
    bool has_request = !(row->empty & HL_EMPTY(HL_SITE_request));
    uint64_t limit = has_request ? row->request : has_use ? use : 0;
    struct hl_site_name *name;

    if (hl_site_needs_add(&user->needs, has_use, use, oom, limit, has_request,
                          row->request, s) < 0)
        return -1;
    if (!row->job_name || !row->job_name[0])
        return 0;
    name = hl_site_names_add(&user->names, &a->names_seen, uid, row->job_name);
    return name ? hl_site_needs_add(&name->needs, has_use, use, oom, limit,
                                    has_request, row->request, s)
                : -1;
}

int hl_site_agg_add(struct hl_site_agg *a, const struct hl_site_row *row)
{
    const char *user = row->user[0] ? row->user : "?";
    struct hl_site_time t = {0};
    struct hl_site_who *w[4];
    struct hl_site_top_job *job;
    uint32_t uid, aid, part;
    uint64_t use, step_key = row->job << 32 | row->step;
    bool has_use = hl_site_row_use(row, &use);
    bool oom = !(row->empty & HL_EMPTY(HL_SITE_oom_kills)) && row->oom_kills;
    double s = (double)row->elapsed / 1000.0;
    int new_oom = 0, nwho = 3;

    w[0] = _who(&a->users, user, &uid);
    w[1] = w[0] ? _who(&a->accounts, row->account, &aid) : NULL;
    w[2] = &a->all;
    if (!w[1])
        return -1;
    /* the partitions where the line names one */
    if (row->partition[0] &&
        !(w[nwho++] = _who(&a->partitions, row->partition, &part)))
        return -1;
    if (has_use && !(row->empty & HL_EMPTY(HL_SITE_request))) {
        t.requested = (double)row->request * s;
        t.used = (double)use * s;
        t.wasted = row->request > use ? (double)(row->request - use) * s : 0;
    }
    if (_needs(a, w[0], uid, row, has_use, use, oom, s) < 0)
        return -1;
    if (oom && (new_oom = _oom_step(a, row)) < 0)
        return -1;
    for (int i = 0; i < nwho; i++) {
        if (!w[i]->lines || row->end < w[i]->first)
            w[i]->first = row->end;
        if (!w[i]->lines || row->end > w[i]->last)
            w[i]->last = row->end;
        _add_time(&w[i]->t, &t);
        w[i]->lines++;
        w[i]->oom_steps += (uint64_t)new_oom;
        if (hl_distinct_add(&w[i]->jobs, row->job) < 0 ||
            hl_distinct_add(&w[i]->steps, step_key) < 0)
            return -1;
    }
    job = hl_site_top_add(&a->top, row->job, uid, aid, &t);
    if (job)
        job->oom_steps += (uint32_t)new_oom;
    return 0;
}

double hl_site_gib_hours(double byte_seconds)
{
    return byte_seconds / (1024.0 * 1024.0 * 1024.0) / 3600.0;
}

static void _who_free(struct hl_site_who *w)
{
    hl_distinct_free(&w->jobs);
    hl_distinct_free(&w->steps);
    hl_site_needs_free(&w->needs);
    hl_site_names_free(&w->names);
}

static void _group_free(struct hl_site_group *g)
{
    for (uint32_t i = 0; i < g->names.count && i < g->cap; i++)
        _who_free(&g->who[i]);
    free(g->who);
    hl_strpool_free(&g->names);
}

void hl_site_agg_free(struct hl_site_agg *a)
{
    _group_free(&a->users);
    _group_free(&a->accounts);
    _group_free(&a->partitions);
    _who_free(&a->all);
    hl_site_names_seen_free(&a->names_seen);
    hl_site_set_free(&a->oom);
    hl_site_top_free(&a->top);
}

/* The site report's rankings (see site_out.h). */
#include "site_out.h"

#include <stdlib.h>
#include <string.h>

static const struct hl_site_group *_sorted_group;

static int _by_waste(const void *pa, const void *pb)
{
    const struct hl_site_who *a = &_sorted_group->who[*(const uint32_t *)pa];
    const struct hl_site_who *b = &_sorted_group->who[*(const uint32_t *)pb];

    if (a->t.wasted != b->t.wasted)
        return a->t.wasted < b->t.wasted ? 1 : -1;
    return strcmp(hl_strpool_get(&_sorted_group->names, *(const uint32_t *)pa),
                  hl_strpool_get(&_sorted_group->names, *(const uint32_t *)pb));
}

static uint32_t *_rank(const struct hl_site_group *g)
{
    uint32_t *ids = malloc((g->names.count + 1) * sizeof(*ids));

    if (!ids)
        return NULL;
    for (uint32_t i = 0; i < g->names.count; i++)
        ids[i] = i;
    _sorted_group = g;
    qsort(ids, g->names.count, sizeof(*ids), _by_waste);
    return ids;
}

/* Most followed waste first, ties to the smaller job id. */
static int _by_job_waste(const void *pa, const void *pb)
{
    const struct hl_site_top_job *a =
        *(const struct hl_site_top_job *const *)pa;
    const struct hl_site_top_job *b =
        *(const struct hl_site_top_job *const *)pb;

    if (a->t.wasted != b->t.wasted)
        return a->t.wasted < b->t.wasted ? 1 : -1;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* The followed jobs that wasted something, ranked, the top ones kept; and
 * what the ones left out may have wasted. */
static int _jobs(struct hl_site_view *v, size_t top)
{
    const struct hl_site_top *t = &v->agg->top;
    double threshold;
    size_t n = 0;

    v->jobs = malloc(((size_t)t->count + 1) * sizeof(*v->jobs));
    if (!v->jobs)
        return -1;
    for (uint32_t i = 0; i < t->count; i++)
        v->jobs[n++] = &t->jobs[i];
    qsort(v->jobs, n, sizeof(*v->jobs), _by_job_waste);
    while (v->njobs < n && v->njobs < top && v->jobs[v->njobs]->t.wasted > 0)
        v->njobs++;
    v->left_out = hl_site_top_bound(t);
    for (size_t i = v->njobs; i < n; i++)
        if (hl_site_top_count(v->jobs[i]) > v->left_out)
            v->left_out = hl_site_top_count(v->jobs[i]);
    for (size_t i = 0; i < v->njobs; i++)
        if (!v->jobs[i]->whole) {
            v->some_partial = true;
            if (v->jobs[i]->missed > v->missed)
                v->missed = v->jobs[i]->missed;
        }
    threshold = v->njobs == top && top ? v->jobs[top - 1]->t.wasted : 0;
    v->jobs_exact = !top || v->left_out <= threshold;
    return 0;
}

int hl_site_view_init(struct hl_site_view *v, const struct hl_site_options *opt,
                      const struct hl_site_agg *agg,
                      const struct hl_site_reading *reading)
{
    memset(v, 0, sizeof(*v));
    v->opt = opt;
    v->agg = agg;
    v->reading = reading;
    v->users = _rank(&agg->users);
    v->accounts = _rank(&agg->accounts);
    v->partitions = _rank(&agg->partitions);
    if (!v->users || !v->accounts || !v->partitions ||
        hl_site_view_advise(v) < 0)
        return -1;
    return _jobs(v, opt->top);
}

void hl_site_view_free(struct hl_site_view *v)
{
    hl_site_view_advised_free(v);
    free(v->users);
    free(v->accounts);
    free(v->partitions);
    free(v->jobs);
}

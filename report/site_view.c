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

/* Whether a wasted more than b; ties go to the smaller job id. */
static int _before(const struct hl_site_ranked_job *a,
                   const struct hl_site_ranked_job *b)
{
    return a->job.t.wasted > b->job.t.wasted ||
           (a->job.t.wasted == b->job.t.wasted && a->id < b->id);
}

/* Keeps the top ones in order: one pass, memory for the top only. */
static void _offer(struct hl_site_view *v, size_t top,
                   const struct hl_site_ranked_job *j)
{
    size_t i = v->njobs;

    if (i == top && (top == 0 || !_before(j, &v->jobs[top - 1])))
        return;
    if (i == top)
        i--;
    else
        v->njobs++;
    while (i > 0 && _before(j, &v->jobs[i - 1])) {
        v->jobs[i] = v->jobs[i - 1];
        i--;
    }
    v->jobs[i] = *j;
}

int hl_site_view_init(struct hl_site_view *v, const struct hl_site_options *opt,
                      const struct hl_site_agg *agg,
                      const struct hl_site_reading *reading)
{
    size_t top = opt->top < agg->jobs.count ? opt->top : agg->jobs.count;
    struct hl_site_ranked_job j;

    memset(v, 0, sizeof(*v));
    v->opt = opt;
    v->agg = agg;
    v->reading = reading;
    v->users = _rank(&agg->users);
    v->accounts = _rank(&agg->accounts);
    v->jobs = malloc((top + 1) * sizeof(*v->jobs));
    if (!v->users || !v->accounts || !v->jobs)
        return -1;
    for (size_t i = 0; i < agg->jobs.cap; i++) {
        const struct hl_site_job *job = hl_site_map_slot(&agg->jobs, i, &j.id);

        if (job && job->t.wasted > 0) {
            j.job = *job;
            _offer(v, top, &j);
        }
    }
    return 0;
}

void hl_site_view_free(struct hl_site_view *v)
{
    free(v->users);
    free(v->accounts);
    free(v->jobs);
}

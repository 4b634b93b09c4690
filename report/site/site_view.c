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

static int _job_cmp(const struct hl_site_top_job *a,
                    const struct hl_site_top_job *b)
{
    return _by_job_waste(&a, &b);
}

/* Restores the heap of the n kept jobs, the last-ranked at its root, from
 * the place at down. */
static void _sift(const struct hl_site_top_job **h, size_t n, size_t at)
{
    for (;;) {
        size_t last = at, l = 2 * at + 1, r = l + 1;

        if (l < n && _job_cmp(h[l], h[last]) > 0)
            last = l;
        if (r < n && _job_cmp(h[r], h[last]) > 0)
            last = r;
        if (last == at)
            return;
        const struct hl_site_top_job *swap = h[at];
        h[at] = h[last];
        h[last] = swap;
        at = last;
    }
}

/* Leaves a job out of the list: what it may have wasted bounds the ones
 * left out. */
static void _left_out(struct hl_site_view *v, const struct hl_site_top_job *j)
{
    if (hl_site_top_count(j) > v->left_out)
        v->left_out = hl_site_top_count(j);
}

/* The top followed jobs that wasted something, ranked, and what the ones
 * left out may have wasted: the top ones kept in a heap as the table is
 * read, so that the memory is the list's, not the table's. */
static int _jobs(struct hl_site_view *v, size_t top)
{
    const struct hl_site_top *t = &v->agg->top;
    size_t cap = top < t->count ? top : t->count, n = 0;
    double threshold;

    v->jobs = malloc((cap + 1) * sizeof(*v->jobs));
    if (!v->jobs)
        return -1;
    v->left_out = hl_site_top_bound(t);
    for (uint32_t i = 0; i < t->count; i++) {
        const struct hl_site_top_job *j = &t->jobs[i];

        if (j->t.wasted <= 0 || !cap) {
            _left_out(v, j);
        } else if (n < cap) {
            v->jobs[n++] = j;
            if (n == cap)
                for (size_t k = n / 2; k-- > 0;)
                    _sift(v->jobs, n, k);
        } else if (_job_cmp(j, v->jobs[0]) < 0) {
            _left_out(v, v->jobs[0]);
            v->jobs[0] = j;
            _sift(v->jobs, n, 0);
        } else {
            _left_out(v, j);
        }
    }
    qsort(v->jobs, n, sizeof(*v->jobs), _by_job_waste);
    v->njobs = n;
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

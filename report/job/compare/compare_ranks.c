/* The ranks of the two runs matched by rank number (a rank is the same
 * part of the problem in both, wherever it ran), processes without a
 * rank by their node's name; each run's ranks sorted by that key, then
 * merged. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "compare.h"

struct _rank {
    int32_t rank;
    const char *host;
    uint64_t heap, vmhwm;
    bool cut_short;
};

static int _cmp_key(const struct _rank *a, const struct _rank *b)
{
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return a->rank < 0 ? strcmp(a->host, b->host) : 0;
}

static int _cmp(const void *a, const void *b)
{
    return _cmp_key(a, b);
}

/* A run's ranks by key; of two ranks of one number (records of two runs
 * together), the larger stands for it. Returns the count, or -1. */
static ssize_t _ranks(const struct hl_report *r, struct _rank **out)
{
    const struct hl_summary *sum = r->sum;
    struct _rank *v = malloc((sum->nranks ? sum->nranks : 1) * sizeof(*v));
    size_t n = 0;

    if (!v)
        return -1;
    for (size_t i = 0; i < sum->nranks; i++) {
        const struct hl_proc *p = &r->set->procs[sum->ranks[i].proc];

        v[i] =
            (struct _rank){p->rank, hl_strpool_get(&r->set->hosts, p->host),
                           p->peak_heap, p->vmhwm, hl_proc_cut_short(p) != 0};
    }
    qsort(v, sum->nranks, sizeof(*v), _cmp);
    for (size_t i = 0; i < sum->nranks; i++) {
        if (n && _cmp_key(&v[n - 1], &v[i]) == 0) {
            if (v[i].heap > v[n - 1].heap)
                v[n - 1] = v[i];
            continue;
        }
        v[n++] = v[i];
    }
    *out = v;
    return (ssize_t)n;
}

/* What orders the matched ranks: the larger change of the two figures. */
static uint64_t _change(const struct hl_cmp_rank *k)
{
    uint64_t h = hl_pair_magnitude(&k->heap), w = hl_pair_magnitude(&k->vmhwm);

    return h > w ? h : w;
}

static double _relative(const struct hl_cmp_rank *k)
{
    double h = fabs(hl_pair_percent(&k->heap));
    double w = fabs(hl_pair_percent(&k->vmhwm));

    return h > w ? h : w;
}

/* Matched first, the largest change first; then those of one run only,
 * by rank. */
static int _cmp_shown(const void *pa, const void *pb)
{
    const struct hl_cmp_rank *a = pa, *b = pb;
    bool am = a->old_host && a->new_host, bm = b->old_host && b->new_host;

    if (am != bm)
        return am ? -1 : 1;
    if (am && _change(a) != _change(b))
        return _change(a) > _change(b) ? -1 : 1;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return strcmp(a->new_host ? a->new_host : a->old_host,
                  b->new_host ? b->new_host : b->old_host);
}

static struct hl_cmp_rank _entry(const struct _rank *o, const struct _rank *n)
{
    struct hl_cmp_rank k = {.rank = o ? o->rank : n->rank};

    k.old_host = o ? o->host : NULL;
    k.new_host = n ? n->host : NULL;
    k.heap = (struct hl_pair){o ? o->heap : 0, n ? n->heap : 0, o != NULL,
                              n != NULL};
    k.vmhwm = (struct hl_pair){o ? o->vmhwm : 0, n ? n->vmhwm : 0, o != NULL,
                               n != NULL};
    k.cut_short = (o && o->cut_short) || (n && n->cut_short);
    return k;
}

int hl_compare_ranks(struct hl_compare *c)
{
    struct _rank *o = NULL, *n = NULL;
    ssize_t no = _ranks(c->old, &o), nn = no < 0 ? -1 : _ranks(c->new, &n);
    size_t i = 0, j = 0;
    double best = 0;

    c->most_relative = SIZE_MAX;
    if (no < 0 || nn < 0 ||
        !(c->ranks = malloc((size_t)(no + nn + 1) * sizeof(*c->ranks)))) {
        free(o);
        free(n);
        return -1;
    }
    while (i < (size_t)no || j < (size_t)nn) {
        int d = i == (size_t)no   ? 1
                : j == (size_t)nn ? -1
                                  : _cmp_key(&o[i], &n[j]);

        c->ranks[c->nranks++] =
            _entry(d <= 0 ? &o[i] : NULL, d >= 0 ? &n[j] : NULL);
        c->matched_ranks += d == 0;
        i += d <= 0;
        j += d >= 0;
    }
    free(o);
    free(n);
    qsort(c->ranks, c->nranks, sizeof(*c->ranks), _cmp_shown);
    for (size_t k = 0; k < c->matched_ranks; k++)
        if (_change(&c->ranks[k]) >= HL_COMPARE_NOISE_BYTES &&
            _relative(&c->ranks[k]) > best) {
            best = _relative(&c->ranks[k]);
            c->most_relative = k;
        }
    return 0;
}

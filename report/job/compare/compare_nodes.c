/* The nodes of the two runs matched by the lowest rank each holds: a job
 * placed block by block puts the same ranks together in both runs,
 * whatever the nodes' names (another job gets other nodes). Where no node
 * holds a rank (processes outside MPI), by the nodes' names. */
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "compare.h"

struct _node {
    int32_t first; /* the lowest rank it holds; INT32_MAX: none */
    const struct hl_node *n;
    const char *host;
};

/* By the lowest rank, the nodes that hold none by name; or all by name. */
static int _cmp_key(const struct _node *a, const struct _node *b, bool names)
{
    if (!names && a->first != b->first)
        return a->first < b->first ? -1 : 1;
    if (!names && a->first != INT32_MAX)
        return 0;
    return strcmp(a->host, b->host);
}

static int _cmp_first(const void *a, const void *b)
{
    return _cmp_key(a, b, false);
}

static int _cmp_name(const void *a, const void *b)
{
    return _cmp_key(a, b, true);
}

/* A run's nodes, each with its lowest rank. Returns the count, or -1. */
static ssize_t _nodes(const struct hl_report *r, struct _node **out,
                      bool *ranked)
{
    const struct hl_summary *sum = r->sum;
    struct _node *v = malloc((sum->nnodes ? sum->nnodes : 1) * sizeof(*v));

    if (!v)
        return -1;
    for (size_t i = 0; i < sum->nnodes; i++)
        v[i] =
            (struct _node){INT32_MAX, &sum->nodes[i],
                           hl_strpool_get(&r->set->hosts, sum->nodes[i].host)};
    for (size_t i = 0; i < sum->nranks; i++) {
        const struct hl_proc *p = &r->set->procs[sum->ranks[i].proc];
        struct _node *x = &v[sum->node_of_host[p->host]];

        if (p->rank >= 0 && p->rank < x->first)
            x->first = p->rank;
        *ranked |= p->rank >= 0;
    }
    *out = v;
    return (ssize_t)sum->nnodes;
}

static struct hl_cmp_node _entry(const struct _node *o, const struct _node *n)
{
    struct hl_cmp_node k = {.first_rank = -1};
    const struct _node *any = o ? o : n;

    if (any->first != INT32_MAX)
        k.first_rank = any->first;
    k.old_host = o ? o->host : NULL;
    k.new_host = n ? n->host : NULL;
    k.need = (struct hl_pair){o ? o->n->used : 0, n ? n->n->used : 0, o != NULL,
                              n != NULL};
    k.vmhwm_sum = (struct hl_pair){
        o ? o->n->vmhwm_sum : 0, n ? n->n->vmhwm_sum : 0, o != NULL, n != NULL};
    k.old_from = o ? o->n->used_from : HL_USED_VMHWM_SUM;
    k.new_from = n ? n->n->used_from : HL_USED_VMHWM_SUM;
    k.old_ranks = o ? o->n->ranks : 0;
    k.new_ranks = n ? n->n->ranks : 0;
    return k;
}

/* Matched first, the largest change of need first; then the others. */
static int _cmp_shown(const void *pa, const void *pb)
{
    const struct hl_cmp_node *a = pa, *b = pb;
    bool am = a->old_host && a->new_host, bm = b->old_host && b->new_host;
    uint64_t ca = hl_pair_magnitude(&a->need), cb = hl_pair_magnitude(&b->need);

    if (am != bm)
        return am ? -1 : 1;
    if (am && ca != cb)
        return ca > cb ? -1 : 1;
    if (a->first_rank != b->first_rank)
        return a->first_rank < b->first_rank ? -1 : 1;
    return strcmp(a->new_host ? a->new_host : a->old_host,
                  b->new_host ? b->new_host : b->old_host);
}

int hl_compare_nodes(struct hl_compare *c)
{
    struct _node *o = NULL, *n = NULL;
    bool ranked_o = false, ranked_n = false;
    ssize_t no = _nodes(c->old, &o, &ranked_o);
    ssize_t nn = no < 0 ? -1 : _nodes(c->new, &n, &ranked_n);
    size_t i = 0, j = 0;

    if (no < 0 || nn < 0 ||
        !(c->nodes = malloc((size_t)(no + nn + 1) * sizeof(*c->nodes)))) {
        free(o);
        free(n);
        return -1;
    }
    c->nodes_by_name = !ranked_o || !ranked_n;
    qsort(o, (size_t)no, sizeof(*o), c->nodes_by_name ? _cmp_name : _cmp_first);
    qsort(n, (size_t)nn, sizeof(*n), c->nodes_by_name ? _cmp_name : _cmp_first);
    while (i < (size_t)no || j < (size_t)nn) {
        int d = i == (size_t)no   ? 1
                : j == (size_t)nn ? -1
                                  : _cmp_key(&o[i], &n[j], c->nodes_by_name);

        c->nodes[c->nnodes++] =
            _entry(d <= 0 ? &o[i] : NULL, d >= 0 ? &n[j] : NULL);
        c->matched_nodes += d == 0;
        i += d <= 0;
        j += d >= 0;
    }
    free(o);
    free(n);
    qsort(c->nodes, c->nnodes, sizeof(*c->nodes), _cmp_shown);
    return 0;
}

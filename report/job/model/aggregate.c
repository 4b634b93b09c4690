/* qsort_r() */
#define _GNU_SOURCE
#include "aggregate.h"

#include <stdlib.h>
#include <string.h>

#include "by_host.h"
#include "job/natural_order.h"
#include "top_ranks.h"

static int _cmp_host_id(const void *a, const void *b, void *hosts)
{
    return hl_natural_cmp(hl_strpool_get(hosts, *(const uint32_t *)a),
                          hl_strpool_get(hosts, *(const uint32_t *)b));
}

static int _cmp_u64(uint64_t a, uint64_t b)
{
    return a < b ? -1 : a > b;
}

/* Of two processes of one rank on one node, which stands for it: the
 * larger peak heap, then the smaller pid, then the rest of the key. */
static int _cmp_in_rank(const struct hl_proc *a, const struct hl_proc *b)
{
    struct hl_proc_key ka = hl_proc_key(a), kb = hl_proc_key(b);
    int c = _cmp_u64(b->peak_heap, a->peak_heap);

    if (c)
        return c;
    c = _cmp_u64(a->pid, b->pid);
    return c ? c : memcmp(&ka, &kb, sizeof(ka));
}

int hl_proc_cmp(const struct hl_proc *a, const struct hl_proc *b,
                const uint32_t *node_of_host)
{
    int c;

    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    c = _cmp_u64(node_of_host[a->host], node_of_host[b->host]);
    return c ? c : _cmp_in_rank(a, b);
}

static int _cmp_proc(const void *a, const void *b, void *node_of_host)
{
    return hl_proc_cmp(a, b, node_of_host);
}

static int _make_nodes(struct hl_procset *set, struct hl_summary *sum)
{
    uint32_t n = set->hosts.count;
    uint32_t *order = malloc(n * sizeof(*order));

    sum->nodes = calloc(n, sizeof(*sum->nodes));
    sum->node_of_host = malloc(n * sizeof(*sum->node_of_host));
    if (!order || !sum->nodes || !sum->node_of_host) {
        free(order);
        return -1;
    }
    for (uint32_t i = 0; i < n; i++)
        order[i] = i;
    qsort_r(order, n, sizeof(*order), _cmp_host_id, &set->hosts);
    for (uint32_t i = 0; i < n; i++) {
        sum->nodes[i].host = order[i];
        sum->node_of_host[order[i]] = i;
    }
    sum->nnodes = n;
    free(order);
    return 0;
}

/* Whether outputs list p one by one (hl_procset_cut_short_next and
 * hl_procset_sigpipe_ends go through set->procs in order for these). */
static int _listed(const struct hl_proc *p)
{
    return hl_proc_cut_short(p) || p->end == HL_END_SIGPIPE;
}

/* Moves the processes listed one by one to the front of set->procs, in
 * the report's order, and counts them in set->listed. Returns 0, or -1
 * when memory runs out. */
static int _listed_first(struct hl_procset *set, const uint32_t *node_of_host)
{
    struct hl_proc *p = set->procs, *listed;
    size_t n = 0, w = set->count;

    for (size_t i = 0; i < set->count; i++)
        n += _listed(&p[i]) != 0;
    set->listed = n;
    if (!n)
        return 0;
    if (!(listed = malloc(n * sizeof(*listed))))
        return -1;
    n = 0;
    for (size_t i = set->count; i-- > 0;) {
        if (_listed(&p[i]))
            listed[n++] = p[i];
        else
            p[--w] = p[i];
    }
    qsort_r(listed, n, sizeof(*listed), _cmp_proc, (void *)node_of_host);
    memcpy(p, listed, n * sizeof(*p));
    free(listed);
    return 0;
}

/* A host interned by a record that turned out bad has no process: drop its
 * node, keeping the order. */
static void _drop_empty_nodes(struct hl_summary *sum)
{
    size_t kept = 0;

    for (size_t i = 0; i < sum->nnodes; i++)
        if (sum->nodes[i].procs)
            sum->nodes[kept++] = sum->nodes[i];
    sum->nnodes = kept;
    for (size_t i = 0; i < kept; i++)
        sum->node_of_host[sum->nodes[i].host] = (uint32_t)i;
}

/* The node of a host, NULL when it has none (no process). */
static struct hl_node *_node_of_host(struct hl_summary *sum, uint32_t host)
{
    struct hl_node *n = &sum->nodes[sum->node_of_host[host]];

    return n < sum->nodes + sum->nnodes && n->host == host ? n : NULL;
}

/* A node file of a host that has a node: its figures; an exit file of a
 * task the OOM killer ended (whether or not it left a record). */
static void _attach_node_files(const struct hl_procset *set,
                               struct hl_summary *sum)
{
    for (size_t i = 0; i < sum->nnodes; i++)
        sum->nodes[i].oom_kills = -1;
    for (size_t i = 0; i < set->nexits; i++) {
        struct hl_node *n = _node_of_host(sum, set->exits[i].host);

        if (n && set->exits[i].oom == 1)
            n->oom = true;
    }
    for (size_t i = 0; i < set->nnode_files; i++) {
        const struct hl_node_file *nf = &set->node_files[i];
        struct hl_node *n = _node_of_host(sum, nf->host);

        if (!n)
            continue;
        if (!n->true_peak && nf->cgroup_peak)
            sum->true_peaks++;
        if (nf->cgroup_peak > n->true_peak)
            n->true_peak = nf->cgroup_peak;
        if (nf->mem_limit)
            n->mem_limit = nf->mem_limit;
        if (nf->oom_kills > n->oom_kills)
            n->oom_kills = nf->oom_kills;
        if (nf->oom_kills > 0)
            n->oom = true;
    }
}

/* A time on the wall clock in ms, as ms since the summary's origin. */
static int64_t _since_origin(const struct hl_summary *sum, int64_t ms)
{
    int64_t origin_ms = sum->origin_ns / 1000000;

    return ms > origin_ms ? ms - origin_ms : 0;
}

/* Each node of several processes, all with a timeline: its sums moment
 * by moment. (The sum of one process is its own timeline, whose largest
 * RSS is at most its VmHWM: it says nothing more of what the node
 * needed.) */
static void _concurrent(const struct hl_procset *set, struct hl_summary *sum)
{
    for (size_t i = 0; i < sum->nnodes; i++) {
        struct hl_node *n = &sum->nodes[i];
        const struct hl_conc *g = hl_timelines_grid(&set->timelines, n->host);
        struct hl_conc_peak heap, rss, pss, lower, upper;

        if (!g || n->procs < 2 || n->timelines != n->procs)
            continue;
        heap = hl_conc_peak(g, HL_CONC_HEAP);
        rss = hl_conc_peak(g, HL_CONC_RSS);
        pss = hl_conc_peak(g, HL_CONC_PSS);
        lower = hl_conc_peak(g, hl_conc_lower(g));
        upper = hl_conc_peak(g, HL_CONC_RSS_HI);
        n->conc_known = true;
        n->conc_rss_known = n->rss_timelines == n->procs;
        n->conc_pss_known = n->conc_rss_known && g->with_pss > 0;
        n->conc_lower_known = n->conc_rss_known && !g->older;
        n->conc_heap = heap.bytes;
        n->conc_heap_ms = _since_origin(sum, heap.at_ms);
        n->conc_rss = rss.bytes;
        n->conc_rss_ms = _since_origin(sum, rss.at_ms);
        n->conc_pss = pss.bytes;
        n->conc_pss_ms = _since_origin(sum, pss.at_ms);
        n->conc_lower = lower.bytes;
        n->conc_lower_ms = _since_origin(sum, lower.at_ms);
        n->conc_upper = upper.bytes;
        n->conc_upper_ms = _since_origin(sum, upper.at_ms);
        n->conc_cell_ms = hl_grid_cell_ms(&g->grid);
        sum->concurrent++;
    }
}

/* What each node needed, from the best figure it has. */
static void _used(struct hl_summary *sum)
{
    for (size_t i = 0; i < sum->nnodes; i++) {
        struct hl_node *n = &sum->nodes[i];

        if (n->true_peak) {
            n->used_from = HL_USED_TRUE_PEAK;
            n->used = n->true_peak;
        } else if (n->conc_rss_known) {
            uint64_t est = n->conc_pss_known ? n->conc_pss : n->conc_rss;

            n->used_from =
                n->conc_pss_known ? HL_USED_CONCURRENT_PSS : HL_USED_CONCURRENT;
            n->used = n->conc_lower_known && n->conc_lower > est ? n->conc_lower
                                                                 : est;
            if (n->largest_vmhwm > n->used) {
                n->used_from = HL_USED_VMHWM;
                n->used = n->largest_vmhwm;
            }
        } else {
            n->used_from = HL_USED_VMHWM_SUM;
            n->used = n->vmhwm_sum;
        }
    }
}

/* A rank of the node walked: its number, its process that stands for it,
 * and how many it has. */
struct _group {
    int32_t rank;
    uint32_t proc;
    uint32_t procs;
};

/* The pass over the nodes, and what it gathers. */
struct _walk {
    struct hl_procset *set;
    struct hl_summary *sum;
    uint8_t *launcher; /* by program id: a launcher's daemon, not a rank */
    uint64_t *peaks;   /* of each rank, for the median */
    struct hl_top_ranks top;
    uint32_t *slots; /* the node's ranks by number, group index + 1 */
    struct _group *groups;
    bool largest_known;
};

static uint32_t _hash_rank(int32_t rank)
{
    return (uint32_t)(((uint64_t)(uint32_t)rank * 0x9e3779b97f4a7c15ull) >> 32);
}

/* Launchers' daemons are not ranks, unless nothing else is: the programs
 * of such daemons, or none. */
static int _launchers(struct _walk *w)
{
    const struct hl_procset *set = w->set;
    bool others = false;

    w->launcher = calloc(set->programs.count ? set->programs.count : 1, 1);
    if (!w->launcher)
        return -1;
    for (uint32_t i = 0; i < set->programs.count; i++)
        w->launcher[i] =
            (uint8_t)hl_proc_is_launcher(set, &(struct hl_proc){.program = i});
    for (size_t i = 0; i < set->count && !others; i++)
        others = !w->launcher[set->procs[i].program];
    if (!others)
        memset(w->launcher, 0, set->programs.count);
    return 0;
}

/* The figures of the whole job that process i adds to. */
static void _job_figures(struct _walk *w, uint32_t i)
{
    struct hl_summary *sum = w->sum;
    const struct hl_proc *p = &w->set->procs[i];
    const struct hl_proc *big = &w->set->procs[sum->largest_vmhwm_proc];

    if (p->start_ns >= 0 &&
        (sum->origin_ns < 0 || p->start_ns < sum->origin_ns))
        sum->origin_ns = p->start_ns;
    if (p->elapsed_ms > sum->longest_ms)
        sum->longest_ms = p->elapsed_ms;
    /* The largest VmHWM: the first in the report's order of those that
     * have it. */
    if (!w->largest_known || p->vmhwm > big->vmhwm ||
        (p->vmhwm == big->vmhwm && hl_proc_cmp(p, big, sum->node_of_host) < 0))
        sum->largest_vmhwm_proc = i;
    w->largest_known = true;
}

/* Process i into its node's figures and its rank (nslots: the node's
 * table). Returns the groups it has now. */
static uint32_t _add_proc(struct _walk *w, struct hl_node *node, uint32_t i,
                          uint32_t nslots, uint32_t ngroups)
{
    const struct hl_proc *p = &w->set->procs[i];
    uint32_t s;

    node->procs++;
    node->vmhwm_sum += p->vmhwm;
    if (p->rss_shmem > node->shmem_once)
        node->shmem_once = p->rss_shmem;
    node->shmem_mapped += p->rss_shmem;
    node->oom = node->oom || p->oom;
    if (p->vmhwm > node->largest_vmhwm)
        node->largest_vmhwm = p->vmhwm;
    node->timelines += p->timeline != HL_TIMELINE_NONE;
    node->rss_timelines += p->timeline == HL_TIMELINE_FULL;
    _job_figures(w, i);
    if (w->launcher[p->program]) {
        w->sum->launchers++;
        return ngroups;
    }
    s = _hash_rank(p->rank) & (nslots - 1);
    while (w->slots[s] && w->groups[w->slots[s] - 1].rank != p->rank)
        s = (s + 1) & (nslots - 1);
    if (!w->slots[s]) {
        w->groups[ngroups] = (struct _group){p->rank, i, 1};
        w->slots[s] = ++ngroups;
    } else {
        struct _group *g = &w->groups[w->slots[s] - 1];

        g->procs++;
        if (_cmp_in_rank(p, &w->set->procs[g->proc]) < 0)
            g->proc = i;
    }
    return ngroups;
}

/* The node at index n: its processes (items[0..count)), summed, and its
 * ranks. Returns 0, or -1 when memory runs out. */
static int _walk_node(struct _walk *w, uint32_t n, const uint32_t *items,
                      uint32_t count)
{
    struct hl_summary *sum = w->sum;
    struct hl_node *node = &sum->nodes[n];
    uint32_t nslots = 2, ngroups = 0;

    while (nslots < 2 * count)
        nslots *= 2;
    memset(w->slots, 0, nslots * sizeof(*w->slots));
    for (uint32_t k = 0; k < count; k++)
        ngroups = _add_proc(w, node, items[k], nslots, ngroups);
    for (uint32_t g = 0; g < ngroups; g++) {
        const struct hl_proc *p = &w->set->procs[w->groups[g].proc];
        struct hl_rank_key key = {p->peak_heap, p->rank, n,
                                  (uint32_t)sum->nranks, p->pid};

        if (hl_top_ranks_add(&w->top, &key) < 0)
            return -1;
        w->peaks[sum->nranks] = p->peak_heap;
        sum->ranks[sum->nranks++] =
            (struct hl_rank){w->groups[g].proc, w->groups[g].procs - 1};
        node->ranks++;
    }
    return 0;
}

/* The ranks picked (w->top) first in sum->ranks, in order, the others
 * after them. Returns 0, or -1 when memory runs out. */
static int _picked_first(struct _walk *w)
{
    struct hl_summary *sum = w->sum;
    size_t n = hl_top_ranks_sort(&w->top), at = sum->nranks;
    struct hl_rank *picked = malloc((n ? n : 1) * sizeof(*picked));
    uint8_t *is_picked = calloc(sum->nranks ? sum->nranks : 1, 1);

    if (!picked || !is_picked) {
        free(picked);
        free(is_picked);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        picked[i] = sum->ranks[w->top.keys[i].index];
        is_picked[w->top.keys[i].index] = 1;
    }
    for (size_t i = sum->nranks; i-- > 0;)
        if (!is_picked[i])
            sum->ranks[--at] = sum->ranks[i];
    memcpy(sum->ranks, picked, n * sizeof(*picked));
    free(picked);
    free(is_picked);
    return 0;
}

/* The nodes one by one, in their order. Returns 0, or -1 when memory runs
 * out. */
static int _walk_nodes(struct _walk *w)
{
    struct hl_procset *set = w->set;
    struct hl_summary *sum = w->sum;
    struct hl_by_host b;
    size_t nslots = 2;
    int rc = -1;

    if (hl_by_host(&b, set->procs, set->count, sizeof(*set->procs),
                   offsetof(struct hl_proc, host), set->hosts.count) < 0)
        return -1;
    while (nslots < 2 * (size_t)b.largest)
        nslots *= 2;
    w->slots = malloc(nslots * sizeof(*w->slots));
    w->groups = malloc(b.largest * sizeof(*w->groups));
    if (w->slots && w->groups) {
        rc = 0;
        for (uint32_t n = 0; n < sum->nnodes && rc == 0; n++) {
            uint32_t h = sum->nodes[n].host;

            rc = _walk_node(w, n, b.item + b.first[h],
                            b.first[h + 1] - b.first[h]);
        }
    }
    free(w->slots);
    free(w->groups);
    hl_by_host_free(&b);
    return rc;
}

int hl_aggregate_top(struct hl_procset *set, struct hl_summary *sum,
                     size_t ordered)
{
    struct _walk w = {.set = set, .sum = sum};
    int rc = -1;

    memset(sum, 0, sizeof(*sum));
    sum->nprocs = set->count;
    sum->origin_ns = -1;
    hl_top_ranks_init(&w.top, ordered);
    sum->ranks = malloc(set->count * sizeof(*sum->ranks));
    w.peaks = malloc(set->count * sizeof(*w.peaks));
    if (sum->ranks && w.peaks && _make_nodes(set, sum) == 0 &&
        _listed_first(set, sum->node_of_host) == 0 && _launchers(&w) == 0 &&
        _walk_nodes(&w) == 0 && _picked_first(&w) == 0) {
        _drop_empty_nodes(sum);
        _attach_node_files(set, sum);
        _concurrent(set, sum);
        _used(sum);
        hl_peak_stats(w.peaks, sum->nranks, &sum->peak);
        rc = hl_proc_list(set, sum, w.launcher, ordered);
    }
    free(w.peaks);
    free(w.launcher);
    hl_top_ranks_free(&w.top);
    return rc;
}

void hl_summary_free(struct hl_summary *sum)
{
    free(sum->ranks);
    free(sum->nodes);
    free(sum->node_of_host);
    hl_proc_list_free(&sum->list);
    memset(sum, 0, sizeof(*sum));
}

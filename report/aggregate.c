/* qsort_r() */
#define _GNU_SOURCE
#include "aggregate.h"

#include <stdlib.h>
#include <string.h>

#include "natural_order.h"

static int _cmp_host_id(const void *a, const void *b, void *hosts)
{
    return hl_natural_cmp(hl_strpool_get(hosts, *(const uint32_t *)a),
                          hl_strpool_get(hosts, *(const uint32_t *)b));
}

static int _cmp_u64(uint64_t a, uint64_t b)
{
    return a < b ? -1 : a > b;
}

static int _cmp_proc(const void *va, const void *vb, void *node_of_host)
{
    const struct hl_proc *a = va, *b = vb;
    const uint32_t *node = node_of_host;
    int c;

    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    c = _cmp_u64(node[a->host], node[b->host]);
    if (c)
        return c;
    c = _cmp_u64(b->peak_heap, a->peak_heap);
    return c ? c : _cmp_u64(a->pid, b->pid);
}

/* After _cmp_proc's sort, a rank's process index orders ranks by rank
 * and node: it breaks ties between equal peaks. */
static int _cmp_rank_by_peak(const void *va, const void *vb, void *procs)
{
    const struct hl_rank *ra = va, *rb = vb;
    const struct hl_proc *p = procs;
    int c = _cmp_u64(p[rb->proc].peak_heap, p[ra->proc].peak_heap);

    return c ? c : _cmp_u64(ra->proc, rb->proc);
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
        struct hl_conc_peak heap, rss;

        if (!g || n->procs < 2 || n->timelines != n->procs)
            continue;
        hl_conc_peaks(g, &heap, &rss);
        n->conc_known = true;
        n->conc_rss_known = n->rss_timelines == n->procs;
        n->conc_heap = heap.bytes;
        n->conc_heap_ms = _since_origin(sum, heap.at_ms);
        n->conc_rss = rss.bytes;
        n->conc_rss_ms = _since_origin(sum, rss.at_ms);
        n->conc_cell_ms = hl_conc_cell_ms(g);
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
        } else if (n->conc_rss_known && n->conc_rss >= n->largest_vmhwm) {
            n->used_from = HL_USED_CONCURRENT;
            n->used = n->conc_rss;
        } else if (n->conc_rss_known) {
            n->used_from = HL_USED_VMHWM;
            n->used = n->largest_vmhwm;
        } else {
            n->used_from = HL_USED_VMHWM_SUM;
            n->used = n->vmhwm_sum;
        }
    }
}

/* Launchers' daemons are not ranks, unless nothing else is. */
static int _ranks_leave_out_launchers(const struct hl_procset *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (!hl_proc_is_launcher(set, &set->procs[i]))
            return 1;
    return 0;
}

int hl_aggregate(struct hl_procset *set, struct hl_summary *sum)
{
    struct hl_proc *p = set->procs;
    uint64_t *peaks;
    int leave_out;
    size_t last = 0; /* the last process of the last rank */

    memset(sum, 0, sizeof(*sum));
    sum->nprocs = set->count;
    sum->origin_ns = -1;
    if (_make_nodes(set, sum) < 0)
        return -1;
    qsort_r(p, set->count, sizeof(*p), _cmp_proc, sum->node_of_host);

    sum->ranks = malloc(set->count * sizeof(*sum->ranks));
    if (!sum->ranks)
        return -1;
    leave_out = _ranks_leave_out_launchers(set);
    for (size_t i = 0; i < set->count; i++) {
        struct hl_node *node = &sum->nodes[sum->node_of_host[p[i].host]];

        node->procs++;
        node->vmhwm_sum += p[i].vmhwm;
        node->oom = node->oom || p[i].oom;
        if (leave_out && hl_proc_is_launcher(set, &p[i])) {
            sum->launchers++;
        } else if (sum->nranks == 0 || p[i].rank != p[last].rank ||
                   p[i].host != p[last].host) {
            sum->ranks[sum->nranks].proc = (uint32_t)i;
            sum->ranks[sum->nranks].others = 0;
            sum->nranks++;
            node->ranks++;
            last = i;
        } else {
            sum->ranks[sum->nranks - 1].others++;
            last = i;
        }
        if (p[i].vmhwm > node->largest_vmhwm)
            node->largest_vmhwm = p[i].vmhwm;
        node->timelines += p[i].timeline != HL_TIMELINE_NONE;
        node->rss_timelines += p[i].timeline == HL_TIMELINE_FULL;
        if (p[i].start_ns >= 0 &&
            (sum->origin_ns < 0 || p[i].start_ns < sum->origin_ns))
            sum->origin_ns = p[i].start_ns;
        if (p[i].elapsed_ms > sum->longest_ms)
            sum->longest_ms = p[i].elapsed_ms;
        if (p[i].vmhwm > p[sum->largest_vmhwm_proc].vmhwm)
            sum->largest_vmhwm_proc = (uint32_t)i;
    }
    _drop_empty_nodes(sum);
    _attach_node_files(set, sum);
    _concurrent(set, sum);
    _used(sum);
    qsort_r(sum->ranks, sum->nranks, sizeof(*sum->ranks), _cmp_rank_by_peak, p);

    peaks = malloc(sum->nranks * sizeof(*peaks));
    if (!peaks)
        return -1;
    for (size_t i = 0; i < sum->nranks; i++)
        peaks[i] = p[sum->ranks[i].proc].peak_heap;
    hl_peak_stats(peaks, sum->nranks, &sum->peak);
    free(peaks);
    return 0;
}

void hl_summary_free(struct hl_summary *sum)
{
    free(sum->ranks);
    free(sum->nodes);
    free(sum->node_of_host);
    memset(sum, 0, sizeof(*sum));
}

#include <string.h>

#include "figures.h"
#include "job/report.h"
#include "shared/slurm_size.h"

/* The request that applies to a node, 0 when none is known. --mem=0 is
 * the node's whole memory, known from Slurm's RealMemory. */
static uint64_t _node_request(const struct hl_mem_request *req,
                              const struct hl_node *n)
{
    if (req->whole_node)
        return n->real_memory;
    switch (req->kind) {
    case HL_REQ_MEM:
        return req->bytes;
    case HL_REQ_MEM_PER_CPU:
        return req->bytes * n->ranks * req->cpus_per_rank;
    default:
        return 0;
    }
}

/* Each node against the request, once for every output. */
static void _judge_nodes(struct hl_report *r)
{
    for (size_t i = 0; i < r->sum->nnodes; i++) {
        struct hl_node *n = &r->sum->nodes[i];

        n->request = _node_request(&r->req, n);
        n->limit = n->mem_limit ? n->mem_limit : n->request;
        n->percent = hl_percent(n->used, n->request);
        n->limit_percent = hl_percent(n->used, n->limit);
        /* A node where the OOM killer ended a process needed more than
         * its limit, whatever its lower bounds say. Above the request
         * but within a limit that Slurm raised, it is over the request:
         * the same request gets the same limit only where the site keeps
         * its floor. */
        n->over = (n->request && n->used > n->request) || n->oom;
    }
}

/* A figure of a node as the request counts it: all of it, or its share
 * per CPU. */
static uint64_t _per_request(const struct hl_report *r, const struct hl_node *n,
                             uint64_t bytes)
{
    uint64_t cpus = (uint64_t)n->ranks * r->req.cpus_per_rank;

    if (r->req.kind == HL_REQ_MEM_PER_CPU && cpus)
        return bytes / cpus + (bytes % cpus != 0);
    return bytes;
}

/* A node where the OOM killer ended a process: the need is not known
 * above its limit, so at least twice the limit (or the request, when the
 * node file gave no limit). */
static void _oom_floor(struct hl_report *r)
{
    const struct hl_summary *sum = r->sum;
    struct hl_suggestion *s = &r->sug;

    for (size_t i = 0; i < sum->nnodes; i++) {
        const struct hl_node *n = &sum->nodes[i];
        uint64_t limit = n->mem_limit ? n->mem_limit : n->request;
        uint64_t floor;

        if (!n->oom)
            continue;
        floor = _per_request(r, n, limit > UINT64_MAX / 2 ? limit : 2 * limit);
        if (!s->too_small || floor > s->basis_bytes) {
            s->oom_node = i;
            if (floor > s->basis_bytes) {
                s->basis_bytes = floor;
                s->basis_node = i;
                s->from_limit = true;
            }
        }
        s->too_small = true;
    }
}

/* sacct's MaxRSS is one task's resident set at one of its samples: its
 * node needed at least that, whatever the records say (a process killed
 * before its figures were written again shows less). */
static void _sacct_floor(struct hl_report *r)
{
    const struct hl_step_rss *rss = &r->sacct;
    struct hl_suggestion *s = &r->sug;
    uint64_t cpus = r->req.cpus_per_rank ? r->req.cpus_per_rank : 1;
    uint64_t floor;

    if (!rss->known)
        return;
    floor = r->req.kind == HL_REQ_MEM_PER_CPU
                ? rss->maxrss / cpus + (rss->maxrss % cpus != 0)
                : rss->maxrss;
    if (floor <= s->basis_bytes)
        return;
    s->basis_bytes = floor;
    s->from_sacct = true;
    for (size_t i = 0; i < r->sum->nnodes; i++)
        if (!strcmp(hl_strpool_get(&r->set->hosts, r->sum->nodes[i].host),
                    rss->node))
            s->basis_node = i;
}

void hl_suggest(struct hl_report *r)
{
    const struct hl_summary *sum = r->sum;
    struct hl_suggestion *s = &r->sug;
    unsigned __int128 want;
    char size[32];

    *s = (struct hl_suggestion){0};
    _judge_nodes(r);
    for (size_t i = 0; i < sum->nnodes; i++) {
        uint64_t b = _per_request(r, &sum->nodes[i], sum->nodes[i].used);

        if (i == 0 || b > s->basis_bytes) {
            s->basis_bytes = b;
            s->basis_node = i;
        }
        s->over_nodes += sum->nodes[i].over;
    }
    s->from = sum->nodes[s->basis_node].used_from;
    _sacct_floor(r);
    _oom_floor(r);
    want = (unsigned __int128)s->basis_bytes * (100 + r->margin_pct);
    want = want / 100 + (want % 100 != 0);
    s->bytes = hl_slurm_size_round_up(
        want > UINT64_MAX ? UINT64_MAX : (uint64_t)want, size, &s->step);
    snprintf(s->option, sizeof(s->option), "%s=%s",
             r->req.kind == HL_REQ_MEM_PER_CPU ? "--mem-per-cpu" : "--mem",
             size);
    s->known = true;
}

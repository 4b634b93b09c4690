#include "report.h"

#include "slurm_size.h"

uint64_t hl_node_request(const struct hl_report *r, const struct hl_node *n)
{
    switch (r->req.kind) {
    case HL_REQ_MEM:
        return r->req.bytes;
    case HL_REQ_MEM_PER_CPU:
        return r->req.bytes * n->ranks * r->req.cpus_per_rank;
    default:
        return 0;
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

/* What a node used: its true peak when every node has one (the sum of
 * VmHWM overstates a node whose processes did not peak together), else
 * its sum of VmHWM. */
static uint64_t _used(const struct hl_report *r, const struct hl_node *n)
{
    return r->sug.from_true_peak ? n->true_peak : n->vmhwm_sum;
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
        uint64_t limit = n->mem_limit ? n->mem_limit : hl_node_request(r, n);
        uint64_t floor;
        int oom = n->oom_kills > 0;

        for (size_t j = 0; j < r->set->count && !oom; j++)
            oom = r->set->procs[j].oom && r->set->procs[j].host == n->host;
        if (!oom)
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

void hl_suggest(struct hl_report *r)
{
    const struct hl_summary *sum = r->sum;
    struct hl_suggestion *s = &r->sug;
    unsigned __int128 want;
    char size[32];

    *s = (struct hl_suggestion){0};
    if (r->req.kind == HL_REQ_NONE)
        return;
    s->from_true_peak = sum->true_peaks == sum->nnodes;
    for (size_t i = 0; i < sum->nnodes; i++) {
        uint64_t b = _per_request(r, &sum->nodes[i], _used(r, &sum->nodes[i]));

        if (i == 0 || b > s->basis_bytes) {
            s->basis_bytes = b;
            s->basis_node = i;
        }
        if (_used(r, &sum->nodes[i]) > hl_node_request(r, &sum->nodes[i]))
            s->over_nodes++;
    }
    _oom_floor(r);
    want = (unsigned __int128)s->basis_bytes * (100 + r->margin_pct);
    want = want / 100 + (want % 100 != 0);
    s->bytes = hl_slurm_size_round_up(
        want > UINT64_MAX ? UINT64_MAX : (uint64_t)want, size);
    snprintf(s->option, sizeof(s->option), "%s=%s",
             r->req.kind == HL_REQ_MEM ? "--mem" : "--mem-per-cpu", size);
    s->known = true;
}

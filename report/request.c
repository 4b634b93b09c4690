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

/* A node's figure for the suggestion: its sum, or its share per CPU. */
static uint64_t _basis(const struct hl_report *r, const struct hl_node *n)
{
    uint64_t cpus = (uint64_t)n->ranks * r->req.cpus_per_rank;

    if (r->req.kind == HL_REQ_MEM_PER_CPU)
        return n->vmhwm_sum / cpus + (n->vmhwm_sum % cpus != 0);
    return n->vmhwm_sum;
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
    for (size_t i = 0; i < sum->nnodes; i++) {
        uint64_t b = _basis(r, &sum->nodes[i]);

        if (i == 0 || b > s->basis_bytes) {
            s->basis_bytes = b;
            s->basis_node = i;
        }
        if (sum->nodes[i].vmhwm_sum > hl_node_request(r, &sum->nodes[i]))
            s->over_nodes++;
    }
    want = (unsigned __int128)s->basis_bytes * (100 + r->margin_pct);
    want = want / 100 + (want % 100 != 0);
    s->bytes = hl_slurm_size_round_up(
        want > UINT64_MAX ? UINT64_MAX : (uint64_t)want, size);
    snprintf(s->option, sizeof(s->option), "%s=%s",
             r->req.kind == HL_REQ_MEM ? "--mem" : "--mem-per-cpu", size);
    s->known = true;
}

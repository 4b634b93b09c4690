/* --fail-if-grown: the figures that grew by more than the percentage and
 * by more than a few pages. The job's own (its largest rank heap, its
 * largest process, its largest node), then each rank's and each node's,
 * so that a leak in one rank of many fails as a leak in all would. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare.h"

static bool _grew(const struct hl_compare *c, const struct hl_pair *p)
{
    unsigned __int128 grown, allowed;

    if (!p->old_known || !p->new_known || p->new <= p->old ||
        p->new - p->old <= HL_COMPARE_NOISE_BYTES)
        return false;
    grown = (unsigned __int128)(p->new - p->old) * 100;
    allowed = (unsigned __int128)p->old * (unsigned)c->fail_if_grown_pct;
    return grown > allowed;
}

static void _add(struct hl_compare *c, const struct hl_pair *p,
                 const char *what, const char *figure)
{
    struct hl_cmp_grown *g;

    if (!_grew(c, p))
        return;
    g = &c->grown[c->ngrown++];
    snprintf(g->what, sizeof(g->what), "%s%s", what, figure);
    g->pair = *p;
}

void hl_cmp_rank_name(const struct hl_cmp_rank *k, char *buf, size_t len)
{
    if (k->rank >= 0)
        snprintf(buf, len, "rank %" PRId32, k->rank);
    else
        snprintf(buf, len, "no rank on %s",
                 k->new_host ? k->new_host : k->old_host);
}

int hl_compare_grown(struct hl_compare *c)
{
    static const enum hl_headline_figure job[] = {HL_HF_PEAK_MAX, HL_HF_VMHWM,
                                                  HL_HF_NODE_NEED};
    size_t njob = sizeof(job) / sizeof(job[0]);
    char name[128];

    if (c->fail_if_grown_pct < 0)
        return 0;
    c->grown = malloc((njob + 2 * c->nranks + c->nnodes) * sizeof(*c->grown));
    if (!c->grown)
        return -1;
    for (size_t i = 0; i < njob; i++)
        _add(c, &c->fig[job[i]], "the ", hl_headline_figure_name(job[i]));
    for (size_t i = 0; i < c->matched_ranks; i++) {
        hl_cmp_rank_name(&c->ranks[i], name, sizeof(name));
        _add(c, &c->ranks[i].heap, name, "'s peak heap");
        _add(c, &c->ranks[i].vmhwm, name, "'s VmHWM");
    }
    for (size_t i = 0; i < c->matched_nodes; i++) {
        snprintf(name, sizeof(name), "the need of node %s",
                 c->nodes[i].new_host);
        _add(c, &c->nodes[i].need, name, "");
    }
    return 0;
}

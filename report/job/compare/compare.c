#include "compare.h"

#include <stdlib.h>
#include <string.h>

/* A figure of every node, the largest; known when some node has it. */
static struct hl_pair _largest_node(const struct hl_summary *o,
                                    const struct hl_summary *n,
                                    enum hl_headline_figure f)
{
    const struct hl_summary *s[2] = {o, n};
    uint64_t v[2] = {0, 0};
    bool known[2] = {false, false};

    for (int side = 0; side < 2; side++)
        for (size_t i = 0; i < s[side]->nnodes; i++) {
            const struct hl_node *x = &s[side]->nodes[i];
            uint64_t b = f == HL_HF_NODE_VMHWM  ? x->vmhwm_sum
                         : f == HL_HF_NODE_RSS  ? x->conc_rss
                         : f == HL_HF_NODE_HEAP ? x->conc_heap
                         : f == HL_HF_NODE_TRUE ? x->true_peak
                                                : x->used;
            bool has = f == HL_HF_NODE_RSS    ? x->conc_rss_known
                       : f == HL_HF_NODE_HEAP ? x->conc_known
                       : f == HL_HF_NODE_TRUE ? x->true_peak != 0
                                              : true;

            if (has && b >= v[side])
                v[side] = b;
            known[side] |= has;
        }
    return (struct hl_pair){v[0], v[1], known[0], known[1]};
}

static void _headline(struct hl_compare *c)
{
    const struct hl_report *o = c->old, *n = c->new;
    const struct hl_proc *ob = &o->set->procs[o->sum->largest_vmhwm_proc];
    const struct hl_proc *nb = &n->set->procs[n->sum->largest_vmhwm_proc];

    c->fig[HL_HF_PEAK_MAX] = hl_pair_of(o->sum->peak.max, n->sum->peak.max);
    c->fig[HL_HF_PEAK_MEDIAN] =
        hl_pair_of(o->sum->peak.median, n->sum->peak.median);
    c->fig[HL_HF_PEAK_MIN] = hl_pair_of(o->sum->peak.min, n->sum->peak.min);
    c->fig[HL_HF_VMHWM] = hl_pair_of(ob->vmhwm, nb->vmhwm);
    for (int f = HL_HF_NODE_VMHWM; f <= HL_HF_NODE_NEED; f++)
        c->fig[f] = _largest_node(o->sum, n->sum, (enum hl_headline_figure)f);
    c->fig[HL_HF_SUGGESTION] = (struct hl_pair){o->sug.bytes, n->sug.bytes,
                                                o->sug.known, n->sug.known};
    snprintf(c->old_suggestion, sizeof(c->old_suggestion), "%s",
             o->sug.known ? o->sug.option : "");
    snprintf(c->new_suggestion, sizeof(c->new_suggestion), "%s",
             n->sug.known ? n->sug.option : "");
}

/* A peak moved when it happened a tenth of the longer run apart or more,
 * and at least a tenth of a second: less is a run's own jitter. */
static void _moment(struct hl_cmp_moment *m)
{
    int64_t len = m->old_len_ms > m->new_len_ms ? m->old_len_ms : m->new_len_ms;
    int64_t d = m->new_ms - m->old_ms;

    if (d < 0)
        d = -d;
    m->moved = d >= 100 && d * 10 >= len;
}

/* The node of largest concurrent RSS in a run: its moment; false when no
 * node has one. */
static bool _node_moment(const struct hl_summary *s, int64_t *ms)
{
    const struct hl_node *big = NULL;

    for (size_t i = 0; i < s->nnodes; i++)
        if (s->nodes[i].conc_rss_known &&
            (!big || s->nodes[i].conc_rss > big->conc_rss))
            big = &s->nodes[i];
    if (big)
        *ms = big->conc_rss_ms;
    return big != NULL;
}

/* A run's span: from the first start to the last end, in ms, as the
 * nodes' moments count; its longest process when no start is known. */
static int64_t _span_ms(const struct hl_report *r)
{
    int64_t end = 0, origin_ms = r->sum->origin_ns / 1000000;

    if (r->sum->origin_ns < 0)
        return r->sum->longest_ms;
    for (size_t i = 0; i < r->set->count; i++) {
        const struct hl_proc *p = &r->set->procs[i];

        if (p->start_ns >= 0 &&
            p->start_ns / 1000000 + p->elapsed_ms - origin_ms > end)
            end = p->start_ns / 1000000 + p->elapsed_ms - origin_ms;
    }
    return end;
}

static void _moments(struct hl_compare *c)
{
    const struct hl_summary *o = c->old->sum, *n = c->new->sum;
    const struct hl_proc *op = &c->old->set->procs[o->ranks[0].proc];
    const struct hl_proc *np = &c->new->set->procs[n->ranks[0].proc];

    c->heap_peak = (struct hl_cmp_moment){
        true,          op->peak_time_ms, np->peak_time_ms,
        o->longest_ms, n->longest_ms,    false};
    _moment(&c->heap_peak);
    c->node_peak.old_len_ms = _span_ms(c->old);
    c->node_peak.new_len_ms = _span_ms(c->new);
    c->node_peak.known = _node_moment(o, &c->node_peak.old_ms) &&
                         _node_moment(n, &c->node_peak.new_ms);
    if (c->node_peak.known)
        _moment(&c->node_peak);
}

int hl_compare(struct hl_compare *c, const struct hl_report *old,
               const struct hl_report *new, const char *old_name,
               const char *new_name, const struct hl_options *opt)
{
    memset(c, 0, sizeof(*c));
    c->old = old;
    c->new = new;
    c->old_name = old_name;
    c->new_name = new_name;
    c->old_paths = opt->compare;
    c->nold_paths = opt->ncompare;
    c->new_paths = opt->paths;
    c->nnew_paths = opt->npaths;
    c->top = opt->top;
    c->top_callsites = opt->callsites;
    c->fail_if_grown_pct = opt->fail_if_grown_pct;
    _headline(c);
    _moments(c);
    if (hl_compare_ranks(c) < 0 || hl_compare_nodes(c) < 0 ||
        hl_compare_callsites(c) < 0 || hl_compare_grown(c) < 0)
        return -1;
    return 0;
}

void hl_compare_free(struct hl_compare *c)
{
    for (size_t i = 0; i < c->ncallsites; i++)
        free(c->callsites[i].label);
    free(c->callsites);
    free(c->ranks);
    free(c->nodes);
    free(c->grown);
    memset(c, 0, sizeof(*c));
}

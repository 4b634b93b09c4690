/* --compare as JSON: every figure of the text, bytes as integers, changes
 * signed, percentages of OLD (null where OLD is 0 or unknown). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "compare.h"
#include "job/model/figures.h"
#include "shared/json_str.h"

/* The keys of the headline figures, in the order of enum
 * hl_headline_figure. */
static const char *const _keys[HL_HF_COUNT] = {
    "peak_heap_max",
    "peak_heap_median",
    "peak_heap_min",
    "vmhwm_max",
    "node_vmhwm_sum_max",
    "node_concurrent_rss_max",
    "node_concurrent_heap_max",
    "node_true_peak_max",
    "node_need_max",
    "suggestion",
};

static void _str_or_null(FILE *out, const char *s)
{
    if (s && s[0])
        hl_json_str(out, s);
    else
        fputs("null", out);
}

static void _bytes(FILE *out, uint64_t v, bool known)
{
    if (known)
        fprintf(out, "%" PRIu64, v);
    else
        fputs("null", out);
}

/* {"old_bytes": .., "new_bytes": .., "change_bytes": .., "change_percent":
 * ..} */
static void _pair(FILE *out, const struct hl_pair *p)
{
    bool both = p->old_known && p->new_known;

    fputs("{\"old_bytes\": ", out);
    _bytes(out, p->old, p->old_known);
    fputs(", \"new_bytes\": ", out);
    _bytes(out, p->new, p->new_known);
    fputs(", \"change_bytes\": ", out);
    if (both)
        fprintf(out, "%s%" PRIu64, p->new < p->old ? "-" : "",
                hl_pair_magnitude(p));
    else
        fputs("null", out);
    fputs(", \"change_percent\": ", out);
    if (both && p->old)
        fprintf(out, "%.1f}", hl_pair_percent(p));
    else
        fputs("null}", out);
}

static void _run(FILE *out, const char *key, const struct hl_report *r,
                 char *const *paths, int npaths)
{
    char t[32];

    hl_fmt_ms(r->sum->longest_ms, t);
    fprintf(out, "  \"%s\": {\"paths\": [", key);
    for (int i = 0; i < npaths; i++) {
        fputs(i ? ", " : "", out);
        hl_json_str(out, paths[i]);
    }
    fputs("], \"job\": ", out);
    _str_or_null(out, hl_runs_job(r->runs, &r->set->jobs));
    fprintf(out,
            ", \"ranks\": %zu, \"nodes\": %zu, \"processes\": %zu, "
            "\"longest_process_s\": %s, \"did_not_exit_normally\": %zu, "
            "\"imbalance\": %.2f, \"suggestion\": ",
            r->sum->nranks, r->sum->nnodes, r->sum->nprocs, t,
            hl_procset_cut_short(r->set), r->sum->peak.imbalance);
    _str_or_null(out, r->sug.known ? r->sug.option : NULL);
    fputs("},\n", out);
}

static void _figures(FILE *out, const struct hl_compare *c)
{
    fputs("  \"figures\": {", out);
    for (int f = 0; f < HL_HF_COUNT; f++) {
        fprintf(out, "%s\n    \"%s\": ", f ? "," : "", _keys[f]);
        _pair(out, &c->fig[f]);
    }
    fputs("\n  },\n", out);
}

static void _host(FILE *out, const char *key, const char *host)
{
    fprintf(out, ", \"%s\": ", key);
    _str_or_null(out, host);
}

static size_t _shown(size_t top, size_t n)
{
    return top < n ? top : n;
}

static void _ranks(FILE *out, const struct hl_compare *c)
{
    size_t shown = _shown(c->top, c->nranks);

    fprintf(out, "  \"ranks_matched\": %zu,\n  \"ranks_shown\": %zu,\n",
            c->matched_ranks, shown);
    fputs("  \"ranks\": [", out);
    for (size_t i = 0; i < shown; i++) {
        const struct hl_cmp_rank *k = &c->ranks[i];

        fprintf(out, "%s\n    {\"rank\": %" PRId32, i ? "," : "", k->rank);
        _host(out, "old_host", k->old_host);
        _host(out, "new_host", k->new_host);
        fputs(", \"peak_heap\": ", out);
        _pair(out, &k->heap);
        fputs(", \"vmhwm\": ", out);
        _pair(out, &k->vmhwm);
        fputc('}', out);
    }
    fputs("\n  ],\n  \"largest_relative_change\": ", out);
    if (c->most_relative == SIZE_MAX) {
        fputs("null,\n", out);
        return;
    }
    fprintf(out, "{\"rank\": %" PRId32, c->ranks[c->most_relative].rank);
    _host(out, "new_host", c->ranks[c->most_relative].new_host);
    fputs("},\n", out);
}

static void _nodes(FILE *out, const struct hl_compare *c)
{
    size_t shown = _shown(c->top, c->nnodes);

    fprintf(out,
            "  \"nodes_matched\": %zu,\n  \"nodes_matched_by\": \"%s\",\n"
            "  \"nodes\": [",
            c->matched_nodes, c->nodes_by_name ? "name" : "first_rank");
    for (size_t i = 0; i < shown; i++) {
        const struct hl_cmp_node *k = &c->nodes[i];

        fprintf(out, "%s\n    {\"first_rank\": ", i ? "," : "");
        if (k->first_rank >= 0)
            fprintf(out, "%" PRId32, k->first_rank);
        else
            fputs("null", out);
        _host(out, "old_host", k->old_host);
        _host(out, "new_host", k->new_host);
        fprintf(out, ", \"old_ranks\": %" PRIu32 ", \"new_ranks\": %" PRIu32,
                k->old_ranks, k->new_ranks);
        fputs(", \"need\": ", out);
        _pair(out, &k->need);
        fputs(", \"need_from\": [", out);
        _str_or_null(out, k->old_host ? hl_used_name(k->old_from) : NULL);
        fputs(", ", out);
        _str_or_null(out, k->new_host ? hl_used_name(k->new_from) : NULL);
        fputs("], \"vmhwm_sum\": ", out);
        _pair(out, &k->vmhwm_sum);
        fputc('}', out);
    }
    fputs("\n  ],\n", out);
}

static void _callsites(FILE *out, const struct hl_compare *c)
{
    size_t shown = 0;

    fprintf(out, "  \"sites\": {\"in_old\": %s, \"in_new\": %s, \"changed\": [",
            c->callsites_in & 1 ? "true" : "false",
            c->callsites_in & 2 ? "true" : "false");
    for (size_t i = 0; i < c->ncallsites && shown < c->top_callsites; i++) {
        const struct hl_cmp_callsite *s = &c->callsites[i];
        enum hl_callsite_change how = hl_callsite_change(s);
        struct hl_pair p = {s->old, s->new, s->in_old, s->in_new};

        if (how == HL_CS_SAME)
            continue;
        fputs(shown++ ? ",\n    {\"site\": " : "\n    {\"site\": ", out);
        hl_json_str(out, s->label);
        fprintf(out,
                ", \"change\": \"%s\", \"se_bytes\": %" PRIu64
                ", \"at_peak\": ",
                hl_callsite_change_word(how),
                (uint64_t)llround(sqrt(s->old_var + s->new_var)));
        _pair(out, &p);
        fputc('}', out);
    }
    fputs(shown ? "\n  ]},\n" : "]},\n", out);
}

static void _moment(FILE *out, const char *key, const struct hl_cmp_moment *m,
                    const char *end)
{
    char o[32], n[32];

    fprintf(out, "    \"%s\": ", key);
    if (!m->known) {
        fprintf(out, "null%s", end);
        return;
    }
    hl_fmt_ms(m->old_ms, o);
    hl_fmt_ms(m->new_ms, n);
    fprintf(out, "{\"old_s\": %s, \"new_s\": %s, \"moved\": %s}%s", o, n,
            m->moved ? "true" : "false", end);
}

static void _grown(FILE *out, const struct hl_compare *c)
{
    fputs("  \"fail_if_grown\": ", out);
    if (c->fail_if_grown_pct < 0) {
        fputs("null\n", out);
        return;
    }
    fprintf(out, "{\"percent\": %d, \"fails\": %s, \"grown\": [",
            c->fail_if_grown_pct, c->ngrown ? "true" : "false");
    for (size_t i = 0; i < c->ngrown; i++) {
        fputs(i ? ",\n    {\"what\": " : "\n    {\"what\": ", out);
        hl_json_str(out, c->grown[i].what);
        fputs(", \"figure\": ", out);
        _pair(out, &c->grown[i].pair);
        fputc('}', out);
    }
    fputs(c->ngrown ? "\n  ]}\n" : "]}\n", out);
}

void hl_compare_print_json(FILE *out, const struct hl_compare *c)
{
    fputs("{\n  \"heapline_compare\": 1,\n", out);
    _run(out, "old", c->old, c->old_paths, c->nold_paths);
    _run(out, "new", c->new, c->new_paths, c->nnew_paths);
    _figures(out, c);
    _ranks(out, c);
    _nodes(out, c);
    _callsites(out, c);
    fputs("  \"peaks\": {\n", out);
    _moment(out, "rank_heap", &c->heap_peak, ",\n");
    _moment(out, "node_concurrent_rss", &c->node_peak, "\n");
    fputs("  },\n", out);
    _grown(out, c);
    fputs("}\n", out);
}

/* --compare as text: the runs, their headline figures side by side, the
 * ranks, nodes and sites that changed most, when the peaks happened, and
 * --fail-if-grown's verdict. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "compare_words.h"
#include "format_size.h"
#include "shared/escape.h"
#include "job/model/figures.h"
#include "job/text/text_wrap.h"
#include "shared/text_table.h"

/* A cell of text that comes from files, escaped (escape.h). */
static void _cell_escaped(struct hl_table *tab, const char *s)
{
    char shown[4096];

    hl_escape(s, shown, sizeof(shown));
    hl_table_cell(tab, "%s", shown);
}

/* A paragraph, escaped, with nothing when it is empty. */
static void _para(FILE *out, const char *text)
{
    char shown[HL_SENTENCE * 4];

    if (!text[0])
        return;
    hl_escape(text, shown, sizeof(shown));
    hl_print_wrapped(out, shown);
}

static void _runs(FILE *out, const struct hl_compare *c)
{
    struct hl_table tab;
    char text[512];

    fputs("heapline-report: what changed from OLD to NEW\n", out);
    hl_table_init(&tab, 3);
    hl_table_cell(&tab, "OLD");
    _cell_escaped(&tab, c->old_name);
    hl_cmp_run_text(c->old, text, sizeof(text));
    _cell_escaped(&tab, text);
    hl_table_cell(&tab, "NEW");
    _cell_escaped(&tab, c->new_name);
    hl_cmp_run_text(c->new, text, sizeof(text));
    _cell_escaped(&tab, text);
    hl_table_print(&tab, out);
    fputc('\n', out);
}

static void _pair_cells(struct hl_table *tab, const struct hl_pair *p)
{
    char o[HL_SIZE_BUF], n[HL_SIZE_BUF], d[64];

    hl_cmp_size_text(p->old, p->old_known, o, sizeof(o));
    hl_cmp_size_text(p->new, p->new_known, n, sizeof(n));
    hl_cmp_change_text(p, d, sizeof(d));
    hl_table_cell(tab, "%s", o);
    hl_table_cell(tab, "%s", n);
    hl_table_cell(tab, "%s", d);
}

static void _headline(FILE *out, const struct hl_compare *c)
{
    const struct hl_peak_stats *o = &c->old->sum->peak, *n = &c->new->sum->peak;
    struct hl_table tab;

    hl_table_init(&tab, 4);
    hl_table_cell(&tab, "figure");
    hl_table_cell(&tab, "OLD");
    hl_table_cell(&tab, "NEW");
    hl_table_cell(&tab, "change");
    for (int f = 0; f < HL_HF_SUGGESTION; f++) {
        const struct hl_pair *p = &c->fig[f];

        if (!p->old_known && !p->new_known)
            continue;
        hl_table_cell(&tab, "%s", hl_headline_figure_name(f));
        _pair_cells(&tab, p);
    }
    hl_table_cell(&tab, "imbalance (max / mean)");
    hl_table_cell(&tab, "%.2f", o->imbalance);
    hl_table_cell(&tab, "%.2f", n->imbalance);
    hl_table_cell(&tab, "%+.2f", n->imbalance - o->imbalance);
    if (c->fig[HL_HF_SUGGESTION].old_known ||
        c->fig[HL_HF_SUGGESTION].new_known) {
        char d[64];

        hl_cmp_change_text(&c->fig[HL_HF_SUGGESTION], d, sizeof(d));
        hl_table_cell(&tab, "%s", hl_headline_figure_name(HL_HF_SUGGESTION));
        hl_table_cell(&tab, "%s",
                      c->old_suggestion[0] ? c->old_suggestion : "-");
        hl_table_cell(&tab, "%s",
                      c->new_suggestion[0] ? c->new_suggestion : "-");
        hl_table_cell(&tab, "%s", d);
    }
    hl_table_print(&tab, out);
    fputc('\n', out);
}

static size_t _shown(size_t top, size_t n)
{
    return top < n ? top : n;
}

static void _ranks(FILE *out, const struct hl_compare *c)
{
    size_t shown = _shown(c->top, c->matched_ranks);
    char text[HL_SENTENCE];
    struct hl_table tab;

    fprintf(out, "Ranks that changed most (%zu of %zu in both runs)\n", shown,
            c->matched_ranks);
    hl_table_init(&tab, 8);
    hl_table_cell(&tab, "rank");
    hl_table_cell(&tab, "host");
    hl_table_cell(&tab, "peak heap OLD");
    hl_table_cell(&tab, "NEW");
    hl_table_cell(&tab, "change");
    hl_table_cell(&tab, "VmHWM OLD");
    hl_table_cell(&tab, "NEW");
    hl_table_cell(&tab, "change");
    for (size_t i = 0; i < shown; i++) {
        const struct hl_cmp_rank *k = &c->ranks[i];
        char hosts[512];

        hl_table_cell(&tab, "%" PRId32, k->rank);
        hl_cmp_hosts_text(k->old_host, k->new_host, hosts, sizeof(hosts));
        _cell_escaped(&tab, hosts);
        _pair_cells(&tab, &k->heap);
        _pair_cells(&tab, &k->vmhwm);
    }
    hl_table_print(&tab, out);
    hl_cmp_most_relative(c, text);
    _para(out, text);
    hl_cmp_rank_counts(c, text);
    _para(out, text);
    fputc('\n', out);
}

static void _nodes(FILE *out, const struct hl_compare *c)
{
    size_t shown = _shown(c->top, c->matched_nodes);
    struct hl_table tab;

    fprintf(
        out,
        "Nodes that changed most (%zu of %zu in both runs, matched by %s)\n",
        shown, c->matched_nodes,
        c->nodes_by_name ? "name" : "the lowest rank each holds");
    hl_table_init(&tab, 7);
    hl_table_cell(&tab, "node");
    hl_table_cell(&tab, "first rank");
    hl_table_cell(&tab, "ranks");
    hl_table_cell(&tab, "need OLD");
    hl_table_cell(&tab, "NEW");
    hl_table_cell(&tab, "change");
    hl_table_cell(&tab, "need from");
    for (size_t i = 0; i < shown; i++) {
        const struct hl_cmp_node *k = &c->nodes[i];
        char hosts[512];

        hl_cmp_hosts_text(k->old_host, k->new_host, hosts, sizeof(hosts));
        _cell_escaped(&tab, hosts);
        if (k->first_rank >= 0)
            hl_table_cell(&tab, "%" PRId32, k->first_rank);
        else
            hl_table_cell(&tab, "-");
        if (k->old_ranks == k->new_ranks)
            hl_table_cell(&tab, "%" PRIu32, k->new_ranks);
        else
            hl_table_cell(&tab, "%" PRIu32 " -> %" PRIu32, k->old_ranks,
                          k->new_ranks);
        _pair_cells(&tab, &k->need);
        if (k->old_from == k->new_from)
            hl_table_cell(&tab, "%s", hl_used_name(k->new_from));
        else
            hl_table_cell(&tab, "%s -> %s", hl_used_name(k->old_from),
                          hl_used_name(k->new_from));
    }
    hl_table_print(&tab, out);
    if (c->nnodes > c->matched_nodes)
        fprintf(out, "%zu node%s in one run only.\n",
                c->nnodes - c->matched_nodes,
                c->nnodes - c->matched_nodes == 1 ? "" : "s");
    fputc('\n', out);
}

/* The sites that changed, the largest change first; those within their
 * estimates' error left out. */
static void _callsites(FILE *out, const struct hl_compare *c)
{
    size_t changed = 0, shown = 0;
    struct hl_table tab;
    char text[HL_SENTENCE];

    hl_cmp_callsites_note(c, text);
    if (text[0]) {
        _para(out, text);
        fputc('\n', out);
    }
    for (size_t i = 0; i < c->ncallsites; i++)
        changed += hl_callsite_change(&c->callsites[i]) != HL_CS_SAME;
    if (!c->ncallsites || !c->top_callsites)
        return;
    if (!changed) {
        fputs("Sites at the peak: none changed by more than twice its "
              "estimate's standard error.\n\n",
              out);
        return;
    }
    fprintf(out,
            "Sites at the peak that changed (%zu of %zu; summed over the "
            "processes, estimates ± one standard error)\n",
            _shown(c->top_callsites, changed), changed);
    hl_table_init(&tab, 6);
    hl_table_cell(&tab, "change");
    hl_table_cell(&tab, "by");
    hl_table_cell(&tab, "± error");
    hl_table_cell(&tab, "OLD");
    hl_table_cell(&tab, "NEW");
    hl_table_cell(&tab, "site <- callers");
    for (size_t i = 0; i < c->ncallsites && shown < c->top_callsites; i++) {
        const struct hl_cmp_callsite *s = &c->callsites[i];
        enum hl_callsite_change how = hl_callsite_change(s);
        struct hl_pair p = {s->old, s->new, true, true};
        char by[HL_SIZE_BUF], e[HL_SIZE_BUF], o[HL_SIZE_BUF], n[HL_SIZE_BUF];

        if (how == HL_CS_SAME)
            continue;
        hl_format_size(hl_pair_magnitude(&p), by);
        hl_format_size((uint64_t)llround(sqrt(s->old_var + s->new_var)), e);
        hl_cmp_size_text(s->old, s->in_old, o, sizeof(o));
        hl_cmp_size_text(s->new, s->in_new, n, sizeof(n));
        hl_table_cell(&tab, "%s", hl_callsite_change_word(how));
        hl_table_cell(&tab, "%c%s", s->new >= s->old ? '+' : '-', by);
        hl_table_cell(&tab, "± %s", e);
        hl_table_cell(&tab, "%s", o);
        hl_table_cell(&tab, "%s", n);
        _cell_escaped(&tab, s->label);
        shown++;
    }
    hl_table_print(&tab, out);
    fputc('\n', out);
}

int hl_compare_print_text(FILE *out, const struct hl_compare *c)
{
    char text[HL_SENTENCE];

    _runs(out, c);
    _headline(out, c);
    _ranks(out, c);
    _nodes(out, c);
    _callsites(out, c);
    hl_cmp_heap_moment(c, text);
    _para(out, text);
    hl_cmp_node_moment(c, text);
    _para(out, text);
    hl_cmp_cut_short(c->old, "OLD", text);
    _para(out, text);
    hl_cmp_cut_short(c->new, "NEW", text);
    _para(out, text);
    hl_cmp_verdict(c, text);
    if (text[0]) {
        fputc('\n', out);
        _para(out, text);
    }
    return 0;
}

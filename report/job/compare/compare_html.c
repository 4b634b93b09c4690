/* --compare as one HTML page, as the report of one run is (no external
 * resource, inline CSS and SVG, no script; XHTML-compatible): the runs,
 * the verdict of --fail-if-grown, the headline figures side by side, a
 * chart per node with both runs' sums moment by moment overlaid, and the
 * tables of ranks, nodes and sites with their change. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare_words.h"
#include "format_size.h"
#include "job/html/html_chart.h"
#include "job/timeline_out.h"
#include "shared/html_escape.h"
#include "shared/html_style.h"

/* The node charts' columns: as many as the plot's pixels. */
#define _COLUMNS 640

/* OLD dashed and blue, NEW solid and vermilion (Okabe and Ito's colours,
 * told apart in greyscale by their dashes); each run's need a thin line
 * of the same look. No '<' or '&': the page stays XML. */
static const char _css[] = HL_HTML_BASE_CSS
    "svg.defs{position:absolute}"
    "path{fill:none;stroke-width:2}"
    ".grid{stroke:#d0d0d0;stroke-width:1}"
    ".old{stroke:#0072b2;stroke-dasharray:6 3}"
    ".new{stroke:#d55e00}"
    ".oldneed{stroke:#0072b2;stroke-width:1;stroke-dasharray:2 3}"
    ".newneed{stroke:#d55e00;stroke-width:1;stroke-dasharray:2 3}"
    ".up{color:#a00}.down{color:#060}"
    "td.site,td.host,th.site{text-align:left}";

/* OLD, NEW and the change, the change marked up or down. */
static void _pair_cells(FILE *out, const struct hl_pair *p)
{
    char o[HL_SIZE_BUF], n[HL_SIZE_BUF], d[64];

    hl_cmp_size_text(p->old, p->old_known, o, sizeof(o));
    hl_cmp_size_text(p->new, p->new_known, n, sizeof(n));
    hl_cmp_change_text(p, d, sizeof(d));
    hl_html_cell(out, NULL, o);
    hl_html_cell(out, NULL, n);
    hl_html_cell(out,
                 !p->old_known || !p->new_known || p->old == p->new ? NULL
                 : p->new > p->old                                  ? "up"
                                                                    : "down",
                 d);
}

static void _runs(FILE *out, const struct hl_compare *c)
{
    char text[512];

    fputs("<table id=\"runs\"><tr><th></th><th class=\"site\">records</th>"
          "<th class=\"site\">run</th></tr>\n<tr><th>OLD</th>",
          out);
    hl_html_cell(out, "host", c->old_name);
    hl_cmp_run_text(c->old, text, sizeof(text));
    hl_html_cell(out, "host", text);
    fputs("</tr>\n<tr><th>NEW</th>", out);
    hl_html_cell(out, "host", c->new_name);
    hl_cmp_run_text(c->new, text, sizeof(text));
    hl_html_cell(out, "host", text);
    fputs("</tr></table>\n", out);
}

static void _headline(FILE *out, const struct hl_compare *c)
{
    char o[32], n[32], d[32];

    fputs("<h2>The job</h2><table id=\"figures\"><tr><th class=\"site\">"
          "figure</th><th>OLD</th><th>NEW</th><th>change</th></tr>\n",
          out);
    for (int f = 0; f < HL_HF_SUGGESTION; f++) {
        if (!c->fig[f].old_known && !c->fig[f].new_known)
            continue;
        fputs("<tr>", out);
        hl_html_cell(out, "site", hl_headline_figure_name(f));
        _pair_cells(out, &c->fig[f]);
        fputs("</tr>\n", out);
    }
    snprintf(o, sizeof(o), "%.2f", c->old->sum->peak.imbalance);
    snprintf(n, sizeof(n), "%.2f", c->new->sum->peak.imbalance);
    snprintf(d, sizeof(d), "%+.2f",
             c->new->sum->peak.imbalance - c->old->sum->peak.imbalance);
    fputs("<tr>", out);
    hl_html_cell(out, "site", "imbalance (max / mean)");
    hl_html_cell(out, NULL, o);
    hl_html_cell(out, NULL, n);
    hl_html_cell(out, NULL, d);
    fputs("</tr>\n", out);
    if (c->old_suggestion[0] || c->new_suggestion[0]) {
        hl_cmp_change_text(&c->fig[HL_HF_SUGGESTION], d, sizeof(d));
        fputs("<tr>", out);
        hl_html_cell(out, "site", hl_headline_figure_name(HL_HF_SUGGESTION));
        hl_html_cell(out, NULL, c->old_suggestion[0] ? c->old_suggestion : "-");
        hl_html_cell(out, NULL, c->new_suggestion[0] ? c->new_suggestion : "-");
        hl_html_cell(out, NULL, d);
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
}

/* A run's node of that host, NULL when it has none there. */
static const struct hl_node *_node(const struct hl_report *r, const char *host)
{
    for (size_t i = 0; host && i < r->sum->nnodes; i++)
        if (!strcmp(hl_strpool_get(&r->set->hosts, r->sum->nodes[i].host),
                    host))
            return &r->sum->nodes[i];
    return NULL;
}

/* A run's node summed moment by moment, as a line of class cls: its RSS
 * where every process had it, else its heap. */
static void _sums(FILE *out, const struct hl_report *r, const struct hl_node *n,
                  const struct hl_chart *chart, bool rss, const char *cls,
                  const char *title)
{
    const struct hl_conc *g = hl_timelines_grid(&r->set->timelines, n->host);
    int64_t origin_ms = r->sum->origin_ns / 1000000;
    static struct hl_cols k;

    if (!g || !n->conc_known)
        return;
    hl_cols_init(&k, _COLUMNS, chart->end_ms, false);
    for (int64_t cell = g->grid.lo; cell <= g->grid.hi; cell++)
        hl_cols_mark(&k, (cell << g->grid.shift) - origin_ms,
                     ((cell + 1) << g->grid.shift) - origin_ms,
                     hl_conc_value(g, cell, rss ? HL_CONC_RSS : HL_CONC_HEAP));
    hl_chart_cols(out, chart, &k, cls, title);
}

static void _need(FILE *out, const struct hl_chart *chart, uint64_t bytes,
                  const char *cls, const char *which)
{
    char size[HL_SIZE_BUF], title[96];

    hl_format_size(bytes, size);
    snprintf(title, sizeof(title), "%s need %s", which, size);
    hl_chart_hline(out, chart, bytes, cls, title);
}

static void _node_chart(FILE *out, const struct hl_compare *c,
                        const struct hl_cmp_node *k,
                        const struct hl_chart *chart, bool rss)
{
    const struct hl_node *o = _node(c->old, k->old_host);
    const struct hl_node *n = _node(c->new, k->new_host);
    char hosts[512], d[64], label[600];

    hl_cmp_hosts_text(k->old_host, k->new_host, hosts, sizeof(hosts));
    hl_cmp_change_text(&k->need, d, sizeof(d));
    fputs("<figure class=\"node\"><figcaption><b>", out);
    hl_html_str(out, hosts);
    fputs("</b>", out);
    if (k->first_rank >= 0)
        fprintf(out, " (from rank %" PRId32 ")", k->first_rank);
    fputs(": need ", out);
    hl_html_str(out, d);
    fputs("</figcaption>", out);
    snprintf(label, sizeof(label), "node %s in both runs over time", hosts);
    hl_chart_open(out, chart, "node-chart", label);
    fputs("<use href=\"#node-axes\"/>", out);
    _need(out, chart, k->need.old, "oldneed", "OLD");
    _need(out, chart, k->need.new, "newneed", "NEW");
    if (o)
        _sums(out, c->old, o, chart, rss, "old", "OLD, summed");
    if (n)
        _sums(out, c->new, n, chart, rss, "new", "NEW, summed");
    hl_chart_close(out);
    fputs("</figure>\n", out);
}

/* The matched nodes that changed most, as many as the tables show, on one
 * scale and one time axis (each run from its own first start). */
static void _node_charts(FILE *out, const struct hl_compare *c)
{
    size_t shown = c->top < c->matched_nodes ? c->top : c->matched_nodes;
    int64_t end = hl_timeline_end_ms(c->old);
    uint64_t ymax = 0;
    bool rss = c->old->sum->concurrent && c->new->sum->concurrent;
    struct hl_chart chart;

    if (hl_timeline_end_ms(c->new) > end)
        end = hl_timeline_end_ms(c->new);
    for (size_t i = 0; i < shown; i++) {
        const struct hl_cmp_node *k = &c->nodes[i];
        const struct hl_node *o = _node(c->old, k->old_host);
        const struct hl_node *n = _node(c->new, k->new_host);

        rss &= o && n && o->conc_rss_known && n->conc_rss_known;
        ymax = k->need.old > ymax ? k->need.old : ymax;
        ymax = k->need.new > ymax ? k->need.new : ymax;
    }
    hl_chart_setup(&chart, 720, 180, end, ymax);
    fputs("<section id=\"nodes\"><h2>Per node</h2><p class=\"legend\">", out);
    hl_html_legend_item(out, "old",
                        rss ? "OLD, RSS summed moment by moment"
                            : "OLD, heap summed moment by moment");
    hl_html_legend_item(out, "new",
                        rss ? "NEW, RSS summed moment by moment"
                            : "NEW, heap summed moment by moment");
    hl_html_legend_item(out, "oldneed", "OLD need");
    hl_html_legend_item(out, "newneed", "NEW need");
    fputs("</p>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"defs\" "
          "width=\"0\" height=\"0\"><defs><g id=\"node-axes\">",
          out);
    hl_chart_axes(out, &chart);
    fputs("</g></defs></svg>\n", out);
    for (size_t i = 0; i < shown; i++)
        _node_chart(out, c, &c->nodes[i], &chart, rss);
    fputs("</section>\n", out);
}

static void _ranks(FILE *out, const struct hl_compare *c)
{
    size_t shown = c->top < c->matched_ranks ? c->top : c->matched_ranks;
    char text[HL_SENTENCE];

    fprintf(out,
            "<section id=\"ranks\"><h2>Ranks that changed most (%zu of %zu "
            "in both runs)</h2><table><tr><th>rank</th><th class=\"site\">"
            "host</th><th>peak heap OLD</th><th>NEW</th><th>change</th>"
            "<th>VmHWM OLD</th><th>NEW</th><th>change</th></tr>\n",
            shown, c->matched_ranks);
    for (size_t i = 0; i < shown; i++) {
        const struct hl_cmp_rank *k = &c->ranks[i];
        char hosts[512];

        hl_cmp_hosts_text(k->old_host, k->new_host, hosts, sizeof(hosts));
        fprintf(out, "<tr><td>%" PRId32 "</td>", k->rank);
        hl_html_cell(out, "host", hosts);
        _pair_cells(out, &k->heap);
        _pair_cells(out, &k->vmhwm);
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
    hl_cmp_most_relative(c, text);
    hl_html_para(out, "most-relative", NULL, text);
    hl_cmp_rank_counts(c, text);
    hl_html_para(out, "rank-counts", NULL, text);
    fputs("</section>\n", out);
}

static void _callsites(FILE *out, const struct hl_compare *c)
{
    size_t shown = 0;
    char text[HL_SENTENCE];

    hl_cmp_callsites_note(c, text);
    hl_html_para(out, "sites-note", NULL, text);
    if (!c->ncallsites || !c->top_callsites)
        return;
    fputs("<section id=\"sites\"><h2>Sites at the peak that changed</h2>"
          "<table><tr><th class=\"site\">change</th><th>by</th><th>± error"
          "</th><th>OLD</th><th>NEW</th><th class=\"site\">site &lt;- callers"
          "</th></tr>\n",
          out);
    for (size_t i = 0; i < c->ncallsites && shown < c->top_callsites; i++) {
        const struct hl_cmp_callsite *s = &c->callsites[i];
        enum hl_callsite_change how = hl_callsite_change(s);
        struct hl_pair p = {s->old, s->new, true, true};
        char by[HL_SIZE_BUF + 1], e[HL_SIZE_BUF + 4], o[HL_SIZE_BUF],
            n[HL_SIZE_BUF];

        if (how == HL_CS_SAME)
            continue;
        by[0] = s->new >= s->old ? '+' : '-';
        hl_format_size(hl_pair_magnitude(&p), by + 1);
        snprintf(e, sizeof(e), "± ");
        hl_format_size((uint64_t)llround(sqrt(s->old_var + s->new_var)),
                       e + strlen(e));
        hl_cmp_size_text(s->old, s->in_old, o, sizeof(o));
        hl_cmp_size_text(s->new, s->in_new, n, sizeof(n));
        fputs("<tr>", out);
        hl_html_cell(out, "site", hl_callsite_change_word(how));
        hl_html_cell(out, s->new > s->old ? "up" : "down", by);
        hl_html_cell(out, NULL, e);
        hl_html_cell(out, NULL, o);
        hl_html_cell(out, NULL, n);
        hl_html_cell(out, "site", s->label);
        fputs("</tr>\n", out);
        shown++;
    }
    if (!shown)
        fputs("<tr><td class=\"site\" colspan=\"6\">none changed by more "
              "than twice its estimate's standard error</td></tr>\n",
              out);
    fputs("</table></section>\n", out);
}

void hl_compare_print_html(FILE *out, const struct hl_compare *c)
{
    char text[HL_SENTENCE];

    fprintf(out,
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
            "lang=\"en\"><head><meta charset=\"utf-8\"/><meta "
            "name=\"viewport\" content=\"width=device-width\"/>"
            "<title>heapline: what changed</title><style>%s</style></head>"
            "<body>\n<h1>heapline: what changed from OLD to NEW</h1>\n",
            _css);
    _runs(out, c);
    hl_cmp_verdict(c, text);
    hl_html_para(out, "verdict", "headline", text);
    _headline(out, c);
    hl_cmp_heap_moment(c, text);
    hl_html_para(out, "heap-moment", NULL, text);
    hl_cmp_node_moment(c, text);
    hl_html_para(out, "node-moment", NULL, text);
    _node_charts(out, c);
    _ranks(out, c);
    _callsites(out, c);
    hl_cmp_cut_short(c->old, "OLD", text);
    hl_html_para(out, "old-cut-short", "headline", text);
    hl_cmp_cut_short(c->new, "NEW", text);
    hl_html_para(out, "new-cut-short", "headline", text);
    fputs("</body></html>\n", out);
}

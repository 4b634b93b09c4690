#include <inttypes.h>
#include <stdbool.h>

#include "job/model/band.h"
#include "job/model/figures.h"
#include "job/model/shared_mem.h"
#include "format_size.h"
#include "html_chart.h"
#include "shared/html_escape.h"
#include "html_parts.h"
#include "job/timeline_out.h"

#define _BAND_COLUMNS 256

static const char *_host(const struct hl_report *r, const struct hl_proc *p)
{
    return hl_strpool_get(&r->set->hosts, p->host);
}

/* The band's cells on the axis: smallest, median and largest. */
static bool _band(const struct hl_report *r, int64_t end_ms,
                  struct hl_cols k[3])
{
    const struct hl_band *b = r->set->timelines.band;
    int64_t origin_ms = r->sum->origin_ns / 1000000;
    bool any = false;

    hl_cols_init(&k[0], _BAND_COLUMNS, end_ms, true);
    hl_cols_init(&k[1], _BAND_COLUMNS, end_ms, false);
    hl_cols_init(&k[2], _BAND_COLUMNS, end_ms, false);
    for (int64_t c = b ? b->grid.lo : 1; b && c <= b->grid.hi; c++) {
        int64_t from = (c << b->grid.shift) - origin_ms;
        int64_t to = ((c + 1) << b->grid.shift) - origin_ms;
        struct hl_band_cell cell;

        if (!hl_band_get(b, c, &cell))
            continue;
        hl_cols_mark(&k[0], from, to, cell.min);
        hl_cols_mark(&k[1], from, to, cell.median);
        hl_cols_mark(&k[2], from, to, cell.max);
        any = true;
    }
    return any;
}

/* A rank's heap, point by point, and its peak marked. */
static void _rank_line(FILE *out, const struct hl_report *r,
                       const struct hl_chart *c, const struct hl_proc *p, int i)
{
    const struct hl_series *s = &r->set->timelines.series[p->series];
    int64_t end =
        hl_point_ms(r, p, &s->points[0]) + p->elapsed_ms - s->points[0].t_ms;
    struct hl_chart_line line;
    char cls[8], who[160], title[256];
    uint32_t top = 0;

    snprintf(cls, sizeof(cls), "r%d", i);
    hl_fmt_who(r->set, p, who, sizeof(who));
    hl_line_begin(&line, out, c, cls);
    for (uint32_t j = 0; j < s->n; j++) {
        hl_line_point(&line, hl_point_ms(r, p, &s->points[j]),
                      s->points[j].heap);
        if (s->points[j].heap > s->points[top].heap)
            top = j;
    }
    hl_line_end(&line, end, who);
    hl_chart_point_title(title, sizeof(title), who,
                         hl_point_ms(r, p, &s->points[top]),
                         s->points[top].heap);
    snprintf(cls, sizeof(cls), "m%d", i);
    hl_chart_mark(out, c, hl_point_ms(r, p, &s->points[top]),
                  s->points[top].heap, cls, title);
}

/* The rows of the table drawn: its first ranks, or processes. */
static size_t _lines(const struct hl_report *r)
{
    return hl_rows(r) < HL_HTML_RANK_LINES ? hl_rows(r) : HL_HTML_RANK_LINES;
}

bool hl_html_has_rank_chart(const struct hl_report *r)
{
    const struct hl_band *b = r->set->timelines.band;
    struct hl_band_cell cell;

    for (size_t i = 0; i < _lines(r); i++)
        if (r->set->procs[hl_row_proc(r, i)].series != HL_NO_SERIES)
            return true;
    for (int64_t c = b ? b->grid.lo : 1; b && c <= b->grid.hi; c++)
        if (hl_band_get(b, c, &cell))
            return true;
    return false;
}

void hl_html_rank_chart(FILE *out, const struct hl_report *r, int64_t end_ms)
{
    size_t lines = _lines(r);
    static struct hl_cols band[3];
    bool any_band;
    uint64_t ymax = r->sum->peak.max;
    struct hl_chart c;
    char words[160];

    if (!hl_html_has_rank_chart(r))
        return;
    any_band = _band(r, end_ms, band);
    fprintf(out,
            "<section id=\"rank-timelines\"><h2>Heap of the %s over "
            "time</h2><p class=\"legend\">",
            r->sum->list.by_process ? "processes" : "ranks");
    if (any_band) {
        const char *all = r->sum->list.by_process ? "processes" : "ranks";

        snprintf(words, sizeof(words), "smallest to largest of all %s", all);
        hl_html_legend_item(out, "band", words);
        snprintf(words, sizeof(words), "median of all %s", all);
        hl_html_legend_item(out, "median", words);
    }
    for (size_t i = 0; i < lines; i++) {
        const struct hl_proc *p = &r->set->procs[hl_row_proc(r, i)];
        char cls[8];

        if (p->series == HL_NO_SERIES)
            continue;
        snprintf(cls, sizeof(cls), "r%zu", i);
        hl_fmt_who(r->set, p, words, sizeof(words));
        hl_html_legend_item(out, cls, words);
    }
    fputs("</p>\n", out);
    hl_chart_setup(&c, HL_CHART_WIDTH, 240, end_ms, ymax);
    c.ylabel = "heap";
    hl_chart_open(out, &c, "rank-chart",
                  r->sum->list.by_process ? "heap of the processes over time"
                                          : "heap of the ranks over time");
    hl_chart_axes(out, &c);
    if (any_band) {
        hl_chart_area(out, &c, &band[0], &band[2], "band");
        hl_chart_cols(out, &c, &band[1], "median",
                      "median heap of all ranks alive");
    }
    for (size_t i = 0; i < lines; i++) {
        const struct hl_proc *p = &r->set->procs[hl_row_proc(r, i)];

        if (p->series != HL_NO_SERIES)
            _rank_line(out, r, &c, p, (int)i);
    }
    hl_chart_close(out);
    if (any_band)
        fputs("<p>The band: of the processes alive at each moment, the "
              "smallest and the largest heap; its median to within a quarter "
              "of a power of two.</p>",
              out);
    fputs("</section>\n", out);
}

static void _row(FILE *out, const struct hl_report *r, const struct hl_rank *k,
                 bool programs, bool shares, bool others, bool pids)
{
    const struct hl_proc *p = &r->set->procs[k->proc];
    const struct hl_node *n = &r->sum->nodes[r->sum->node_of_host[p->host]];
    char hwm[64], how[64], text[64];
    struct hl_heap_text h;

    hl_fmt_heap(p, &h);
    hl_fmt_hwm(p, false, hwm);
    hl_fmt_end(p, n->mem_limit, how);
    fprintf(out, "<tr class=\"rank%s\"><td>%" PRId32 "</td>",
            p->signal              ? " killed"
            : hl_proc_cut_short(p) ? " cut"
                                   : "",
            p->rank);
    if (pids) {
        hl_fmt_ppid(p, text);
        fprintf(out, "<td>%" PRIu32 "</td>", p->pid);
        hl_html_cell(out, "num", text);
    }
    hl_html_cell(out, "host", _host(r, p));
    if (programs)
        hl_html_cell(out, "host",
                     hl_strpool_get(&r->set->programs, p->program));
    hl_html_cell(out, "num", h.peak);
    hl_html_cell(out, "num", h.at);
    hl_html_cell(out, "num", hwm);
    hl_html_cell(out, "num", h.ratio);
    if (shares)
        hl_html_own_shared(out, r, p);
    if (others)
        fprintf(out, "<td class=\"num\">%" PRIu32 "</td>", k->others);
    hl_html_cell(out, "end", how[0] ? how : "exited");
    fputs("</tr>\n", out);
}

/* Whether some shown rank has processes listed under it: then the table
 * says each row's pid and parent. */
static bool _listed_under(const struct hl_report *r)
{
    const uint32_t *first;

    for (size_t i = 0; i < hl_shown_ranks(r); i++)
        if (hl_shown_under(r, i, &first))
            return true;
    return false;
}

void hl_html_ranks_table(FILE *out, const struct hl_report *r)
{
    size_t shown = hl_shown_ranks(r);
    bool others = false, programs = false, pids, left_out = false;
    bool shares = false;

    if (r->sum->list.by_process) {
        hl_html_processes_table(out, r);
        return;
    }
    pids = _listed_under(r);
    for (size_t i = 0; i < r->sum->nranks && !others; i++)
        others = r->sum->ranks[i].others > 0;
    /* Records of older versions name no program: no column then. */
    for (size_t i = 0; i < shown && !programs; i++)
        programs = hl_strpool_get(
                       &r->set->programs,
                       r->set->procs[r->sum->ranks[i].proc].program)[0] != 0;
    for (size_t i = 0; i < shown && !shares; i++)
        shares =
            hl_shares(r->set, r->sum, &r->set->procs[r->sum->ranks[i].proc]);
    fprintf(out,
            "<section id=\"ranks\"><h2>Ranks by peak heap (%zu of "
            "%zu)%s</h2>\n<table><thead><tr><th>rank</th>%s<th "
            "class=\"host\">host</th>%s<th>peak heap</th><th>at (s)</th>"
            "<th>VmHWM</th><th>heap / VmHWM</th>%s%s<th "
            "class=\"end\">end</th></tr></thead><tbody>\n",
            shown, r->sum->nranks,
            pids ? ", each with its other processes under it" : "",
            pids ? "<th>pid</th><th>parent</th>" : "",
            programs ? "<th class=\"host\">program</th>" : "",
            shares ? "<th>own</th><th>shared</th>" : "",
            others ? "<th>other processes</th>" : "");
    for (size_t i = 0; i < shown; i++) {
        _row(out, r, &r->sum->ranks[i], programs, shares, others, pids);
        if (pids && hl_html_rank_processes(out, r, i, programs, shares, others))
            left_out = true;
    }
    fputs("</tbody></table>", out);
    if (shares)
        hl_html_own_shared_words(out, "rank");
    if (left_out)
        fprintf(out,
                "<p>Under each rank, its %zu largest other processes; --all "
                "lists every one.</p>",
                r->top);
    fputs("</section>\n", out);
}

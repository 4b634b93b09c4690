/* The HTML report: one page, no external resource (inline CSS and SVG, no
 * script), readable offline and printable. The markup is XHTML-compatible
 * (every element closed, no named entity but XML's), so that an XML parser
 * reads the page and its SVG charts. */
#include <inttypes.h>

#include "exit_format.h"
#include "job/model/figures.h"
#include "format_size.h"
#include "job/model/headline.h"
#include "shared/html_escape.h"
#include "shared/html_style.h"
#include "html_callsites.h"
#include "html_parts.h"
#include "job/timeline_out.h"

/* Okabe and Ito's colours, told apart by colour-blind readers, each line
 * with its own dashes for greyscale print. The axes' labels are styled by
 * class: in a <use> of the shared axes no descendant selector matches. No
 * '<' or '&' in it: the page stays XML. A CSS escape takes the space after
 * it as its end: the dagger's space is a no-break one, escaped too. */
static const char _css[] = HL_HTML_BASE_CSS HL_HTML_CALLSITES_CSS
    "svg.defs{position:absolute}"
    "path{fill:none;stroke-width:2}"
    ".grid{stroke:#d0d0d0;stroke-width:1}"
    ".rss{stroke:#0072b2}"
    ".heap{stroke:#e69f00;stroke-dasharray:6 3}"
    ".hwm{stroke:#cc79a7;stroke-dasharray:2 3}"
    ".truepeak{stroke:#009e73;stroke-dasharray:10 3 2 3}"
    ".mem{stroke:#d55e00;stroke-width:3}"
    ".limit{stroke:#d55e00;stroke-width:2;stroke-dasharray:6 3}"
    ".peak{fill:#000;stroke:#fff;stroke-width:1.5}"
    ".band{fill:#56b4e9;fill-opacity:.35;stroke:none}"
    ".legend path.band{stroke:#56b4e9;stroke-opacity:.5;stroke-width:10}"
    ".median{stroke:#0072b2;stroke-dasharray:1 2}"
    ".r0,.m0{stroke:#000}.r1,.m1{stroke:#d55e00;stroke-dasharray:7 3}"
    ".r2,.m2{stroke:#009e73;stroke-dasharray:2 2}"
    ".r3,.m3{stroke:#cc79a7;stroke-dasharray:9 3 2 3}"
    ".r4,.m4{stroke:#e69f00}.r5,.m5{stroke:#0072b2;stroke-dasharray:4 4}"
    ".r6,.m6{stroke:#56b4e9;stroke-dasharray:1 3}"
    ".r7,.m7{stroke:#999;stroke-dasharray:12 4}"
    "circle{stroke-dasharray:none;fill:#fff;stroke-width:2}"
    "circle.peak{fill:#000}"
    ".host,.end{text-align:left}"
    "tr.killed td{font-weight:600}"
    "tr.under td:first-child::before{content:'\\2514'}"
    "tr.killed td.end::before{content:'\\2020\\a0'}"
    "nav a{margin-right:1.2em}"
    "body{max-width:none}svg.chart{max-width:none}p{max-width:62em}"
    "@media print{body{max-width:none;margin:0}nav{display:none}}";

static void _peak(FILE *out, const struct hl_report *r)
{
    const struct hl_peak_stats *st = &r->sum->peak;
    const struct hl_proc *top = &r->set->procs[r->sum->ranks[0].proc];
    char max[HL_SIZE_BUF], med[HL_SIZE_BUF], min[HL_SIZE_BUF], t[32];
    char name[320];

    hl_format_size(st->max, max);
    hl_format_size(st->median, med);
    hl_format_size(st->min, min);
    hl_fmt_tenths(top->peak_time_ms, t);
    hl_fmt_name(r->set, top, name, sizeof(name));
    fputs("<p id=\"peak\">", out);
    hl_html_printf(out, "Peak heap: max %s, %s at %s s; median %s; min %s; ",
                   max, name, t, med, min);
    if (st->mean > 0)
        fprintf(out, "imbalance %.2f (max / mean).</p>\n", st->imbalance);
    else
        fputs("imbalance - (max / mean).</p>\n", out);
}

/* Links to the sections: with many nodes, their charts push the ranks'
 * chart and table far down the page. */
static void _contents(FILE *out, const struct hl_report *r)
{
    fprintf(out, "<nav><a href=\"#nodes\">Per node (%zu)</a>", r->sum->nnodes);
    if (hl_html_has_rank_chart(r))
        fprintf(out, "<a href=\"#rank-timelines\">Heap of the %s over time</a>",
                r->sum->list.by_process ? "processes" : "ranks");
    if (r->sum->list.by_process)
        fputs("<a href=\"#processes\">Processes by peak heap</a>", out);
    else
        fputs("<a href=\"#ranks\">Ranks by peak heap</a>", out);
    if (r->callsites && r->callsites->top && r->callsites->ntotals)
        fputs("<a href=\"#sites\">Allocation sites</a>", out);
    fputs("</nav>\n", out);
}

static void _cut_short_item(FILE *out, const struct hl_report *r,
                            const struct hl_proc *p)
{
    const struct hl_summary *sum = r->sum;
    char how[64], peak[HL_SIZE_BUF], hwm[64], t[32], heap[96];
    char who[400];

    hl_fmt_end(p, sum->nodes[sum->node_of_host[p->host]].mem_limit, how);
    hl_format_size(p->peak_heap, peak);
    hl_fmt_hwm(p, true, hwm);
    hl_fmt_tenths(p->peak_time_ms, t);
    if (hl_proc_heap_unknown(p))
        snprintf(heap, sizeof(heap), "heap unknown");
    else
        snprintf(heap, sizeof(heap), "heap %s at %s s", peak, t);
    hl_fmt_who_pid(r->set, p, who, sizeof(who));
    fputs("<li>", out);
    hl_html_printf(out, "%s: %s; %s, VmHWM %s", who, how, heap, hwm);
    fputs("</li>\n", out);
}

static void _no_record_item(FILE *out, const struct hl_report *r,
                            const struct hl_task_exit *x)
{
    char how[64], peak[HL_SIZE_BUF];

    hl_task_end(r, x, how);
    hl_format_size(x->cgroup_peak, peak);
    fputs("<li>", out);
    hl_html_printf(
        out, "task %" PRIu32 " on %s, pid %" PRIu32 ": %s; no record", x->task,
        hl_strpool_get(&r->set->hosts, x->host), x->pid, how);
    if (x->cgroup_peak)
        hl_html_printf(out, "; its task's cgroup peaked at %s", peak);
    fputs("</li>\n", out);
}

/* Processes that did not exit normally, and killed tasks with no record:
 * as many as the ranks table shows. */
static void _cut_short(FILE *out, const struct hl_report *r, size_t count)
{
    struct hl_cut_short c;
    size_t shown = 0;

    if (!count)
        return;
    fprintf(out,
            "<section id=\"cut-short\"><h2>Did not exit normally (%zu): "
            "figures are lower bounds up to the death</h2><ul>\n",
            count);
    for (size_t at = 0;
         shown < r->top && hl_procset_cut_short_next(r->set, &at, &c); shown++)
        if (c.proc)
            _cut_short_item(out, r, c.proc);
        else
            _no_record_item(out, r, c.exit);
    fputs("</ul></section>\n", out);
}

/* Tasks that ended with no record and no signal: heapline never ran in
 * them (doc/limitations.md), and nothing else on the page says so. As
 * many as the ranks table shows, as the text report lists them. */
static void _unmeasured(FILE *out, const struct hl_report *r)
{
    const struct hl_task_exit *x = hl_procset_unmeasured(r->set);
    size_t n = r->set->nunmeasured, shown = n < r->top ? n : r->top;
    char peak[HL_SIZE_BUF];

    if (!n)
        return;
    fprintf(out,
            "<section id=\"unmeasured\"><h2>Unmeasured (%zu of %zu "
            "task%s): no record; a statically linked program not linked "
            "with heapline, or a setuid one (doc/limitations.md)</h2><ul>\n",
            shown, n, n == 1 ? "" : "s");
    for (size_t i = 0; i < shown; i++, x++) {
        hl_format_size(x->cgroup_peak, peak);
        fputs("<li>", out);
        hl_html_printf(out, "task %" PRIu32 " on %s, pid %" PRIu32 ": ",
                       x->task, hl_strpool_get(&r->set->hosts, x->host),
                       x->pid);
        if (x->status == HL_STATUS_EXITED)
            fprintf(out, "exit %" PRId64, x->exit_code);
        else
            fputs("end unknown", out);
        if (x->cgroup_peak)
            hl_html_printf(out, "; its task's cgroup peaked at %s", peak);
        fputs("</li>\n", out);
    }
    fputs("</ul></section>\n", out);
}

void hl_print_html(FILE *out, const struct hl_report *r)
{
    size_t cut = hl_procset_cut_short(r->set);
    int64_t end_ms = hl_timeline_end_ms(r);
    char text[HL_SENTENCE];

    /* Records without a timeline still get an axis as long as the job. */
    if (end_ms < r->sum->longest_ms)
        end_ms = r->sum->longest_ms;
    fprintf(out,
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
            "lang=\"en\"><head><meta charset=\"utf-8\"/><meta "
            "name=\"viewport\" content=\"width=device-width\"/>"
            "<title>heapline report</title><style>%s</style></head><body>\n"
            "<h1>heapline report</h1>\n",
            _css);
    hl_html_made(out, r);
    hl_headline_job(r, text);
    hl_html_para(out, "job", NULL, text);
    hl_headline_request(r, text);
    hl_html_para(out, "request", "headline", text);
    hl_headline_suggestion(r, text);
    hl_html_para(out, "suggestion", "headline", text);
    hl_headline_cut_short(r, cut, text);
    hl_html_para(out, "cut-short-note", "headline", text);
    _peak(out, r);
    _contents(out, r);
    hl_html_nodes(out, r, end_ms);
    hl_html_rank_chart(out, r, end_ms);
    hl_html_ranks_table(out, r);
    hl_html_callsites(out, r);
    _cut_short(out, r, cut);
    _unmeasured(out, r);
    hl_headline_slurm(r, text);
    hl_html_para(out, "slurm", NULL, text);
    fputs("</body></html>\n", out);
}

/* heapline-site's HTML page (see site_html.h): the same figures as the
 * text, formatted alike (site_figures.h), in tables and a chart. */
#include <inttypes.h>
#include <time.h>

#include "html_escape.h"
#include "site_figures.h"
#include "site_html.h"
#include "slurm_size.h"

/* heapline-report's look: its fonts, tables and Okabe and Ito's colours.
 * No '<' or '&' in it: the page stays XML. */
static const char _css[] =
    "body{font:14px/1.45 system-ui,sans-serif;color:#000;background:#fff;"
    "max-width:62em;margin:1em auto;padding:0 1em}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}"
    ".headline{font-weight:600}"
    "figure{margin:.8em 0;break-inside:avoid}"
    "svg.chart{display:block;width:100%;max-width:720px;height:auto}"
    ".yl,.xl{font:11px sans-serif;fill:#333}"
    ".yl{text-anchor:end}.xl{text-anchor:middle}"
    ".grid{stroke:#d0d0d0;stroke-width:1;fill:none}"
    ".req{fill:#56b4e9}.used{fill:#0072b2}"
    ".legend .item{display:inline-block;margin-right:1.2em;white-space:nowrap}"
    ".legend svg{vertical-align:middle;margin-right:.3em}"
    "table{border-collapse:collapse}"
    "th,td{padding:.15em .6em;border-bottom:1px solid #ddd;text-align:right}"
    ".name{text-align:left}"
    ".note{font-size:.92em}"
    "@media print{body{max-width:none;margin:0}}";

static void _when(char *buf, size_t size, int64_t t, const char *open)
{
    time_t tt = (time_t)t;
    struct tm tm;

    if (t == INT64_MIN || t == INT64_MAX || !gmtime_r(&tt, &tm))
        snprintf(buf, size, "%s", open);
    else
        strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void _gibh_cell(FILE *out, double byte_seconds)
{
    char gibh[32];

    hl_site_fmt_gibh(byte_seconds, gibh);
    fprintf(out, "<td>%s</td>", gibh);
}

static void _time_cells(FILE *out, const struct hl_site_time *t)
{
    uint64_t pct;

    _gibh_cell(out, t->requested);
    _gibh_cell(out, t->used);
    if (hl_site_efficiency(t, &pct))
        fprintf(out, "<td>%" PRIu64 "%%</td>", pct);
    else
        fputs("<td>-</td>", out);
    _gibh_cell(out, t->wasted);
}

/* The cells of a user, an account; whether a count is an estimate. */
static bool _who_cells(FILE *out, const struct hl_site_who *w)
{
    char jobs[24], steps[24];
    bool estimate = hl_site_fmt_distinct(&w->jobs, jobs);

    estimate |= hl_site_fmt_distinct(&w->steps, steps);
    fprintf(out, "<td>%s</td><td>%s</td>", jobs, steps);
    _time_cells(out, &w->t);
    fprintf(out, "<td>%" PRIu64 "</td>", w->oom_steps);
    return estimate;
}

static void _heads(FILE *out, const char *first, bool typical)
{
    fprintf(out,
            "<table><thead><tr><th class=\"name\">%s</th><th>jobs</th>"
            "<th>steps</th><th>requested</th><th>used</th><th>efficiency</th>"
            "<th>wasted</th><th>OOM-killed</th>%s</tr></thead><tbody>\n",
            first, typical ? "<th>typical need</th>" : "");
}

static bool _group(FILE *out, const struct hl_site_view *v, bool users)
{
    const struct hl_site_group *g = users ? &v->agg->users : &v->agg->accounts;
    const uint32_t *order = users ? v->users : v->accounts;
    bool estimate = false;
    char mem[32];

    fprintf(out, "<section id=\"%s\"><h2>%s</h2>\n",
            users ? "users" : "accounts",
            users ? "Per user, most waste first (memory in GiB-hours)"
                  : "Per account");
    if (users)
        hl_site_html_bars(out, v);
    _heads(out, users ? "user" : "account", users);
    for (uint32_t i = 0; i < g->names.count; i++) {
        const char *name = hl_strpool_get(&g->names, order[i]);
        const struct hl_site_who *w = &g->who[order[i]];

        fputs("<tr><td class=\"name\">", out);
        hl_html_str(out, name[0] || users ? name : "(none)");
        fputs("</td>", out);
        estimate |= _who_cells(out, w);
        if (users) {
            uint64_t need = hl_site_typical(w, HL_SITE_TYPICAL_PCT), step;

            if (need) {
                hl_slurm_size_round_up(need, mem, &step);
                fprintf(out, "<td>--mem=%s</td>", mem);
            } else {
                fputs("<td>-</td>", out);
            }
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table></section>\n", out);
    return estimate;
}

static void _jobs(FILE *out, const struct hl_site_view *v)
{
    char gibh[32];

    if (!v->njobs)
        return;
    fputs("<section id=\"jobs\"><h2>The jobs that wasted most</h2>\n"
          "<table><thead><tr><th>job</th><th class=\"name\">user</th>"
          "<th class=\"name\">account</th><th>requested</th><th>used</th>"
          "<th>efficiency</th><th>wasted</th><th>OOM-killed</th></tr>"
          "</thead><tbody>\n",
          out);
    for (size_t i = 0; i < v->njobs; i++) {
        const struct hl_site_top_job *j = v->jobs[i];

        fprintf(out, "<tr><td>%" PRIu64 "%s</td><td class=\"name\">", j->id,
                j->whole ? "" : "*");
        hl_html_str(out, hl_strpool_get(&v->agg->users.names, j->user));
        fputs("</td><td class=\"name\">", out);
        hl_html_str(out, hl_strpool_get(&v->agg->accounts.names, j->account));
        fputs("</td>", out);
        _time_cells(out, &j->t);
        fprintf(out, "<td>%" PRIu32 "</td></tr>\n", j->oom_steps);
    }
    fputs("</tbody></table>\n", out);
    if (v->some_partial) {
        hl_site_fmt_gibh(v->missed, gibh);
        fprintf(out,
                "<p class=\"note\" id=\"partial\">* followed from a later line "
                "only (heapline-site follows %" PRIu32 " jobs at a time): its "
                "figures are of its lines since, and it may have wasted up "
                "to %s GiB-hours more.</p>\n",
                v->agg->top.cap, gibh);
    }
    if (!v->jobs_exact) {
        hl_site_fmt_gibh(v->left_out, gibh);
        fprintf(out,
                "<p class=\"note\" id=\"left-out\">Not sure to be the whole "
                "list: a job not listed may have wasted up to %s "
                "GiB-hours.</p>\n",
                gibh);
    }
    fputs("</section>\n", out);
}

static void _headline(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_who *all = &v->agg->all;
    char since[32], until[32], req[32], used[32], wasted[32], jobs[24],
        steps[24];
    uint64_t pct = 0;

    hl_site_fmt_distinct(&all->jobs, jobs);
    hl_site_fmt_distinct(&all->steps, steps);
    _when(since, sizeof(since), v->opt->since, "the first line");
    _when(until, sizeof(until), v->opt->until, "the last");
    fprintf(out,
            "<p id=\"period\">%" PRIu64 " lines (a step on a node each) of "
            "%s steps in %s jobs, from %" PRIu64 " files; %s to %s.</p>\n",
            all->lines, steps, jobs, v->reading->files, since, until);
    hl_site_fmt_gibh(all->t.requested, req);
    hl_site_fmt_gibh(all->t.used, used);
    hl_site_fmt_gibh(all->t.wasted, wasted);
    hl_site_efficiency(&all->t, &pct);
    fprintf(out,
            "<p id=\"memory\" class=\"headline\">Memory: %s GiB-hours "
            "requested, %s used (%" PRIu64 "%%), %s wasted; OOM-killed "
            "steps: %s%" PRIu64 ".</p>\n",
            req, used, pct, wasted, v->agg->oom_over ? "at most " : "",
            all->oom_steps);
}

void hl_site_print_html(FILE *out, const struct hl_site_view *v)
{
    bool estimate = !hl_distinct_exact(&v->agg->all.jobs) ||
                    !hl_distinct_exact(&v->agg->all.steps);

    fprintf(out,
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
            "lang=\"en\"><head><meta charset=\"utf-8\"/><meta "
            "name=\"viewport\" content=\"width=device-width\"/>"
            "<title>heapline site report</title><style>%s</style></head>"
            "<body>\n<h1>heapline site report</h1>\n",
            _css);
    _headline(out, v);
    estimate |= _group(out, v, true);
    estimate |= _group(out, v, false);
    _jobs(out, v);
    if (estimate)
        fprintf(out,
                "<p class=\"note\" id=\"estimates\">~ an estimate "
                "(HyperLogLog): within %d%% of the count, 997 times in "
                "1,000.</p>\n",
                HL_DISTINCT_ERROR_PCT);
    if (v->agg->oom_over)
        fprintf(out,
                "<p class=\"note\" id=\"oom-over\">OOM-killed steps: past %u "
                "of them, a step is counted at each of its nodes' lines.</p>\n",
                HL_SITE_OOM_EXACT);
    fputs("</body></html>\n", out);
}

/* heapline-site's HTML page (see site_html.h): the same figures as the
 * text, formatted alike (site_figures.h), in tables and a chart. */
#include <inttypes.h>
#include <string.h>

#include "shared/html_escape.h"
#include "shared/html_style.h"
#include "site_figures.h"
#include "site_html.h"

/* heapline-report's look (html_style.h), and Okabe and Ito's colours. No
 * '<' or '&' in it: the page stays XML. */
static const char _css[] =
    HL_HTML_BASE_CSS ".grid{stroke:#d0d0d0;stroke-width:1;fill:none}"
                     ".req{fill:#56b4e9}.used{fill:#0072b2}"
                     ".name{text-align:left}"
                     ".note{font-size:.92em}"
                     "@media print{body{max-width:none;margin:0}}";

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

static void _heads(FILE *out, const char *first)
{
    fprintf(out,
            "<table><thead><tr><th class=\"name\">%s</th><th>jobs</th>"
            "<th>steps</th><th>requested</th><th>used</th><th>efficiency</th>"
            "<th>wasted</th><th>OOM-killed</th></tr></thead><tbody>\n",
            first);
}

/* Users (with the chart), accounts, or partitions (where some line names
 * one). */
static bool _group(FILE *out, const struct hl_site_view *v,
                   const struct hl_site_group *g, const uint32_t *order,
                   const char *id, const char *title, const char *head)
{
    bool users = g == &v->agg->users, estimate = false;

    if (!g->names.count && g == &v->agg->partitions)
        return false;
    fprintf(out, "<section id=\"%s\"><h2>%s</h2>\n", id, title);
    if (users)
        hl_site_html_bars(out, v);
    _heads(out, head);
    for (uint32_t i = 0; i < g->names.count; i++) {
        const char *name = hl_strpool_get(&g->names, order[i]);

        fputs("<tr><td class=\"name\">", out);
        hl_html_str(out, name[0] || users ? name : "(none)");
        fputs("</td>", out);
        estimate |= _who_cells(out, &g->who[order[i]]);
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table></section>\n", out);
    return estimate;
}

static void _jobs(FILE *out, const struct hl_site_view *v)
{
    char note[HL_SITE_SENTENCE];

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
    if (hl_site_say_partial(v, note))
        hl_html_para(out, "partial", "note", note);
    if (hl_site_say_left_out(v, note))
        hl_html_para(out, "left-out", "note", note);
    fputs("</section>\n", out);
}

void hl_site_print_html(FILE *out, const struct hl_site_view *v)
{
    char line[HL_SITE_SENTENCE + 1];
    bool estimate = !hl_distinct_exact(&v->agg->all.jobs) ||
                    !hl_distinct_exact(&v->agg->all.steps);

    fprintf(out,
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
            "lang=\"en\"><head><meta charset=\"utf-8\"/><meta "
            "name=\"viewport\" content=\"width=device-width\"/>"
            "<title>heapline site report</title><style>%s</style></head>"
            "<body>\n<h1>heapline site report</h1>\n",
            _css);
    hl_site_say_period(v, line);
    strcat(line, ".");
    hl_html_para(out, "period", NULL, line);
    hl_site_say_memory(v, line);
    strcat(line, ".");
    hl_html_para(out, "memory", "headline", line);
    estimate |=
        _group(out, v, &v->agg->users, v->users, "users",
               "Per user, most waste first (memory in GiB-hours)", "user");
    estimate |= _group(out, v, &v->agg->accounts, v->accounts, "accounts",
                       "Per account", "account");
    estimate |= _group(out, v, &v->agg->partitions, v->partitions, "partitions",
                       "Per partition", "partition");
    hl_site_html_advice(out, v);
    _jobs(out, v);
    hl_site_say_estimates(line);
    if (estimate)
        hl_html_para(out, "estimates", "note", line);
    if (hl_site_say_oom_over(v, line))
        hl_html_para(out, "oom-over", "note", line);
    fputs("</body></html>\n", out);
}

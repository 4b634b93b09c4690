/* --predict as one HTML page, as the report of one run and --compare are
 * (no external resource, inline CSS and SVG, no script; XHTML-compatible):
 * the model, the runs, the fit and its chart, and the prediction with its
 * interval and the request, or why there is none. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "format_size.h"
#include "job/model/figures.h"
#include "predict_main.h"
#include "shared/html_escape.h"
#include "shared/html_style.h"

/* The model a line of blue, the runs blue points, the prediction a
 * vermilion point and interval (Okabe and Ito's colours, as --compare's
 * page). No '<' or '&': the page stays XML. */
static const char _css[] = HL_HTML_BASE_CSS
    "td.run,th.run{text-align:left}"
    "path{fill:none}.grid{stroke:#d0d0d0;stroke-width:1}"
    ".model{stroke:#0072b2;stroke-width:2}circle.run{fill:#0072b2}"
    ".predicted{fill:#d55e00}.interval{stroke:#d55e00;stroke-width:2}";

static void _size_cell(FILE *out, double bytes)
{
    char b[HL_SIZE_BUF];

    hl_format_size(bytes > 0 ? (uint64_t)llround(bytes) : 0, b);
    hl_html_cell(out, NULL, b);
}

static void _runs(FILE *out, const struct hl_prediction *p)
{
    fputs("<section id=\"runs\"><h2>Runs</h2><table><tr><th>ranks</th>"
          "<th>nodes</th><th>largest rank VmHWM</th><th>heap</th>"
          "<th>largest node need</th><th class=\"run\">from</th>"
          "<th class=\"run\">run</th></tr>\n",
          out);
    for (size_t i = 0; i < p->nruns; i++) {
        const struct hl_predict_run *r = &p->runs[i];
        char from[64];

        snprintf(from, sizeof(from), "%" PRIu32 " rank%s, %s", r->node_ranks,
                 r->node_ranks == 1 ? "" : "s", hl_used_name(r->node_from));
        fprintf(out, "<tr><td>%" PRIu32 "</td><td>%" PRIu32 "</td>", r->ranks,
                r->nodes);
        for (int f = 0; f < HL_PF_COUNT; f++)
            _size_cell(out, (double)r->fig[f]);
        hl_html_cell(out, "run", from);
        hl_html_cell(out, "run", r->path);
        fputs("</tr>\n", out);
    }
    fputs("</table></section>\n", out);
}

/* A part of a fit, with its error where it has one. */
static void _part(FILE *out, double v, double se, bool has_se)
{
    char b[HL_SIZE_BUF], e[HL_SIZE_BUF], text[2 * HL_SIZE_BUF + 16];

    hl_format_size((uint64_t)llround(fabs(v)), b);
    hl_format_size((uint64_t)llround(se), e);
    snprintf(text, sizeof(text), "%s%s%s%s", v < 0 ? "-" : "", b,
             has_se ? " ± " : "", has_se ? e : "");
    hl_html_cell(out, NULL, text);
}

static void _fit(FILE *out, const struct hl_prediction *p)
{
    size_t dof = p->nruns > 2 ? p->nruns - 2 : 0;

    if (!p->fit[0].ok)
        return;
    fputs("<section id=\"fit\"><h2>Fit</h2>", out);
    fputs("<p>", out);
    if (dof)
        hl_html_printf(out,
                       "Least squares over %zu runs, %zu degree%s of "
                       "freedom; ± one standard error.",
                       p->nruns, dof, dof == 1 ? "" : "s");
    else
        fputs("Through both runs exactly: two runs leave no degree of "
              "freedom to tell its uncertainty; a third run would.",
              out);
    fputs("</p>", out);
    fputs("<table><tr><th class=\"run\">figure</th><th>", out);
    hl_html_str(out, hl_predict_part_a(p->scaling));
    fputs("</th><th>", out);
    hl_html_str(out, hl_predict_part_b(p->scaling));
    fputs("</th><th>scatter</th></tr>\n", out);
    for (int f = 0; f < HL_PF_COUNT; f++) {
        const struct hl_fit *fit = &p->fit[f];
        char name[64];

        snprintf(name, sizeof(name), "%s%s",
                 hl_predict_figure_name((enum hl_predict_figure)f),
                 f == HL_PF_NODE ? ", per rank" : "");
        fputs("<tr>", out);
        hl_html_cell(out, "run", name);
        _part(out, fit->a, fit->se_a, dof > 0);
        _part(out, fit->b, fit->se_b, dof > 0);
        if (dof)
            _size_cell(out, fit->s);
        else
            hl_html_cell(out, NULL, "-");
        fputs("</tr>\n", out);
    }
    fputs("</table></section>\n", out);
}

static void _prediction(FILE *out, const struct hl_prediction *p)
{
    bool interval = p->nruns > 2;
    char text[1024];

    fputs("<section id=\"prediction\"><h2>", out);
    hl_html_printf(out,
                   "Prediction for %" PRIu32 " rank%s on %" PRIu32 " node%s, "
                   "%" PRIu32 " on the fullest (%s)",
                   p->ranks, p->ranks == 1 ? "" : "s", p->nodes,
                   p->nodes == 1 ? "" : "s", p->ranks_per_node, p->layout);
    fputs("</h2><table><tr><th class=\"run\">figure</th><th>predicted</th>"
          "<th>± error</th><th>95% interval</th></tr>\n",
          out);
    for (int f = 0; f < HL_PF_COUNT; f++) {
        const struct hl_predict_value *v = &p->value[f];
        char lo[HL_SIZE_BUF], hi[HL_SIZE_BUF], range[2 * HL_SIZE_BUF + 8],
            se[HL_SIZE_BUF + 4] = "± ";

        fputs("<tr>", out);
        hl_html_cell(out, "run",
                     hl_predict_figure_name((enum hl_predict_figure)f));
        _size_cell(out, v->bytes);
        if (interval) {
            hl_format_size((uint64_t)llround(v->low), lo);
            hl_format_size((uint64_t)llround(v->high), hi);
            snprintf(range, sizeof(range), "%s to %s", lo, hi);
            hl_format_size((uint64_t)llround(v->se), se + strlen(se));
            hl_html_cell(out, NULL, se);
            hl_html_cell(out, NULL, range);
        } else {
            hl_html_cell(out, NULL, "-");
            hl_html_cell(out, NULL, "-");
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
    hl_predict_request_text(p, text, sizeof(text));
    hl_html_para(out, "request", "headline", text);
    fputs("</section>\n", out);
}

void hl_predict_print_html(FILE *out, const struct hl_prediction *p)
{
    char text[1024];

    fprintf(out,
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
            "lang=\"en\"><head><meta charset=\"utf-8\"/><meta "
            "name=\"viewport\" content=\"width=device-width\"/>"
            "<title>heapline: what %" PRIu32 " rank%s will need</title>"
            "<style>%s</style></head><body>\n<h1>heapline: what %" PRIu32
            " rank%s will need, from %zu runs (%s scaling)</h1>\n",
            p->ranks, p->ranks == 1 ? "" : "s", _css, p->ranks,
            p->ranks == 1 ? "" : "s", p->nruns,
            p->scaling == HL_SCALING_STRONG ? "strong" : "weak");
    hl_predict_model_text(p->scaling, text, sizeof(text));
    hl_html_para(out, "model", NULL, text);
    _runs(out, p);
    _fit(out, p);
    hl_predict_chart(out, p);
    if (p->predicted)
        _prediction(out, p);
    else
        hl_html_para(out, "refused", "headline", p->refused);
    fputs("</body></html>\n", out);
}

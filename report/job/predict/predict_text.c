/* --predict as text: the model, the runs, the fit, and the prediction
 * with its uncertainty and the request, or why there is none. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "format_size.h"
#include "shared/escape.h"
#include "job/model/figures.h"
#include "job/text/text_wrap.h"
#include "predict_main.h"
#include "shared/text_table.h"

static void _size(double bytes, char buf[HL_SIZE_BUF])
{
    hl_format_size(bytes > 0 ? (uint64_t)llround(bytes) : 0, buf);
}

/* A part of a fit, with its error where it has one. */
static void _part(struct hl_table *tab, double v, double se, bool has_se)
{
    char b[HL_SIZE_BUF], e[HL_SIZE_BUF];

    _size(fabs(v), b);
    _size(se, e);
    if (has_se)
        hl_table_cell(tab, "%s%s ± %s", v < 0 ? "-" : "", b, e);
    else
        hl_table_cell(tab, "%s%s", v < 0 ? "-" : "", b);
}

static void _model(FILE *out, const struct hl_prediction *p)
{
    char text[1024];

    hl_predict_model_text(p->scaling, text, sizeof(text));
    hl_print_wrapped(out, text);
    fputc('\n', out);
}

static void _runs(FILE *out, const struct hl_prediction *p)
{
    struct hl_table tab;

    fputs("Runs\n", out);
    hl_table_init(&tab, 6);
    hl_table_cell(&tab, "ranks");
    hl_table_cell(&tab, "nodes");
    hl_table_cell(&tab, "largest rank VmHWM");
    hl_table_cell(&tab, "heap");
    hl_table_cell(&tab, "largest node need");
    hl_table_cell(&tab, "run");
    for (size_t i = 0; i < p->nruns; i++) {
        const struct hl_predict_run *r = &p->runs[i];
        char v[HL_SIZE_BUF], h[HL_SIZE_BUF], n[HL_SIZE_BUF], path[1024];

        hl_format_size(r->fig[HL_PF_RANK_VMHWM], v);
        hl_format_size(r->fig[HL_PF_RANK_HEAP], h);
        hl_format_size(r->fig[HL_PF_NODE], n);
        hl_escape(r->path, path, sizeof(path));
        hl_table_cell(&tab, "%" PRIu32, r->ranks);
        hl_table_cell(&tab, "%" PRIu32, r->nodes);
        hl_table_cell(&tab, "%s", v);
        hl_table_cell(&tab, "%s", h);
        hl_table_cell(&tab, "%s (%" PRIu32 " rank%s, %s)", n, r->node_ranks,
                      r->node_ranks == 1 ? "" : "s",
                      hl_used_name(r->node_from));
        hl_table_cell(&tab, "%s", path);
    }
    hl_table_print(&tab, out);
    fputc('\n', out);
}

static void _fit(FILE *out, const struct hl_prediction *p)
{
    size_t dof = p->nruns > 2 ? p->nruns - 2 : 0;
    struct hl_table tab;

    if (!p->fit[0].ok)
        return;
    if (dof)
        fprintf(out,
                "Fit (least squares over %zu runs, %zu degree%s of freedom; "
                "± one standard error)\n",
                p->nruns, dof, dof == 1 ? "" : "s");
    else
        fputs("Fit (through both runs exactly: two runs leave no degree of "
              "freedom to tell its uncertainty; a third run would)\n",
              out);
    hl_table_init(&tab, 4);
    hl_table_cell(&tab, "figure");
    hl_table_cell(&tab, "%s", hl_predict_part_a(p->scaling));
    hl_table_cell(&tab, "%s", hl_predict_part_b(p->scaling));
    hl_table_cell(&tab, "scatter");
    for (int f = 0; f < HL_PF_COUNT; f++) {
        const struct hl_fit *fit = &p->fit[f];
        char s[HL_SIZE_BUF];

        hl_table_cell(&tab, "%s%s",
                      hl_predict_figure_name((enum hl_predict_figure)f),
                      f == HL_PF_NODE ? ", per rank" : "");
        _part(&tab, fit->a, fit->se_a, dof > 0);
        _part(&tab, fit->b, fit->se_b, dof > 0);
        _size(fit->s, s);
        hl_table_cell(&tab, "%s", dof ? s : "-");
    }
    hl_table_print(&tab, out);
    fputc('\n', out);
}

static void _prediction(FILE *out, const struct hl_prediction *p)
{
    bool interval = p->nruns > 2;
    struct hl_table tab;
    char text[1024];

    fprintf(out,
            "Prediction for %" PRIu32 " rank%s on %" PRIu32 " node%s, "
            "%" PRIu32 " on the fullest (%s)\n",
            p->ranks, p->ranks == 1 ? "" : "s", p->nodes,
            p->nodes == 1 ? "" : "s", p->ranks_per_node, p->layout);
    hl_table_init(&tab, 4);
    hl_table_cell(&tab, "figure");
    hl_table_cell(&tab, "predicted");
    hl_table_cell(&tab, "± error");
    hl_table_cell(&tab, "95%% interval");
    for (int f = 0; f < HL_PF_COUNT; f++) {
        const struct hl_predict_value *v = &p->value[f];
        char b[HL_SIZE_BUF], e[HL_SIZE_BUF], lo[HL_SIZE_BUF], hi[HL_SIZE_BUF];

        _size(v->bytes, b);
        _size(v->se, e);
        _size(v->low, lo);
        _size(v->high, hi);
        hl_table_cell(&tab, "%s",
                      hl_predict_figure_name((enum hl_predict_figure)f));
        hl_table_cell(&tab, "%s", b);
        if (interval) {
            hl_table_cell(&tab, "± %s", e);
            hl_table_cell(&tab, "%s to %s", lo, hi);
        } else {
            hl_table_cell(&tab, "-");
            hl_table_cell(&tab, "-");
        }
    }
    hl_table_print(&tab, out);
    fputc('\n', out);
    hl_predict_request_text(p, text, sizeof(text));
    hl_print_wrapped(out, text);
}

void hl_predict_print_text(FILE *out, const struct hl_prediction *p)
{
    fprintf(out,
            "heapline-report: what %" PRIu32 " rank%s will need, from %zu "
            "runs (%s scaling)\n\n",
            p->ranks, p->ranks == 1 ? "" : "s", p->nruns,
            p->scaling == HL_SCALING_STRONG ? "strong" : "weak");
    _model(out, p);
    _runs(out, p);
    _fit(out, p);
    if (p->predicted)
        _prediction(out, p);
    else
        hl_print_wrapped(out, p->refused);
}

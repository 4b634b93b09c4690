/* --predict as JSON: bytes as whole numbers, the fit's parts as they came
 * (a part may be below zero within its error). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "job/model/figures.h"
#include "predict_main.h"
#include "shared/json_str.h"

/* The keys of the figures, in the order of enum hl_predict_figure. */
static const char *const _keys[HL_PF_COUNT] = {"rank_vmhwm", "rank_peak_heap",
                                               "node"};

static long long _ll(double v)
{
    return llround(v);
}

static void _runs(FILE *out, const struct hl_prediction *p)
{
    fputs("  \"runs\": [", out);
    for (size_t i = 0; i < p->nruns; i++) {
        const struct hl_predict_run *r = &p->runs[i];

        fputs(i ? ",\n    {\"path\": " : "\n    {\"path\": ", out);
        hl_json_str(out, r->path);
        fputs(", \"job\": ", out);
        if (r->job[0])
            hl_json_str(out, r->job);
        else
            fputs("null", out);
        fprintf(
            out,
            ", \"ranks\": %" PRIu32 ", \"nodes\": %" PRIu32
            ", \"ranks_per_node\": %" PRIu32 ", \"rank_vmhwm_bytes\": %" PRIu64
            ", \"rank_peak_heap_bytes\": %" PRIu64 ", \"node_bytes\": %" PRIu64
            ", \"node_ranks\": %" PRIu32 ", \"node_from\": \"%s\"}",
            r->ranks, r->nodes, r->ranks_per_node, r->fig[HL_PF_RANK_VMHWM],
            r->fig[HL_PF_RANK_HEAP], r->fig[HL_PF_NODE], r->node_ranks,
            hl_used_name(r->node_from));
    }
    fputs("\n  ],\n", out);
}

static void _fit(FILE *out, const struct hl_prediction *p)
{
    bool se = p->nruns > 2;

    fprintf(out, "  \"degrees_of_freedom\": %zu,\n  \"fit\": ",
            p->nruns > 2 ? p->nruns - 2 : 0);
    if (!p->fit[0].ok) {
        fputs("null,\n", out);
        return;
    }
    fputc('{', out);
    for (int f = 0; f < HL_PF_COUNT; f++) {
        const struct hl_fit *fit = &p->fit[f];

        fprintf(out,
                "%s\n    \"%s\": {\"a_bytes\": %lld, \"b_bytes\": %lld, "
                "\"a_se_bytes\": ",
                f ? "," : "", _keys[f], _ll(fit->a), _ll(fit->b));
        if (se)
            fprintf(out, "%lld, \"b_se_bytes\": %lld, \"scatter_bytes\": %lld}",
                    _ll(fit->se_a), _ll(fit->se_b), _ll(fit->s));
        else
            fputs("null, \"b_se_bytes\": null, \"scatter_bytes\": null}", out);
    }
    fputs("\n  },\n", out);
}

static void _prediction(FILE *out, const struct hl_prediction *p)
{
    bool interval = p->nruns > 2;

    fputs("  \"prediction\": ", out);
    if (!p->predicted) {
        fputs("null,\n  \"refused\": ", out);
        hl_json_str(out, p->refused);
        fputs(",\n  \"suggestion\": null\n", out);
        return;
    }
    fprintf(out,
            "{\"ranks\": %" PRIu32 ", \"nodes\": %" PRIu32
            ", \"ranks_per_node\": %" PRIu32 ", \"layout\": \"%s\"",
            p->ranks, p->nodes, p->ranks_per_node, p->layout);
    for (int f = 0; f < HL_PF_COUNT; f++) {
        const struct hl_predict_value *v = &p->value[f];

        fprintf(out, ",\n    \"%s\": {\"bytes\": %lld", _keys[f],
                _ll(v->bytes));
        if (interval)
            fprintf(out,
                    ", \"se_bytes\": %lld, \"low_bytes\": %lld, "
                    "\"high_bytes\": %lld}",
                    _ll(v->se), _ll(v->low), _ll(v->high));
        else
            fputs(", \"se_bytes\": null, \"low_bytes\": null, "
                  "\"high_bytes\": null}",
                  out);
    }
    fputs("},\n  \"refused\": null,\n  \"suggestion\": {\"option\": ", out);
    hl_json_str(out, p->option);
    fprintf(out,
            ", \"bytes\": %" PRIu64 ", \"basis_bytes\": %lld, "
            "\"margin_percent\": %u}\n",
            p->request, _ll(p->basis), p->margin_pct);
}

void hl_predict_print_json(FILE *out, const struct hl_prediction *p)
{
    fprintf(out,
            "{\n  \"heapline_predict\": 1,\n  \"scaling\": \"%s\",\n"
            "  \"model\": \"%s\",\n  \"ranks\": %" PRIu32 ",\n",
            p->scaling == HL_SCALING_STRONG ? "strong" : "weak",
            hl_predict_model(p->scaling), p->ranks);
    _runs(out, p);
    _fit(out, p);
    _prediction(out, p);
    fputs("}\n", out);
}

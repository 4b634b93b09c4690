/* The chart of --predict's page: the largest VmHWM of a rank against the
 * rank count, on a logarithmic axis (runs of 2 and 2,000 ranks on one
 * chart): each run a point, the model fitted a line across the runs and
 * the rank count predicted, and the prediction a point of its own with its
 * 95% interval. Coordinates in whole pixels, styles by class. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "format_size.h"
#include "job/html/html_chart.h"
#include "predict_main.h"
#include "shared/html_escape.h"

/* Points of the model's line. */
#define _STEPS 64

struct _axes {
    struct hl_chart c; /* its geometry and size axis */
    double lo, hi;     /* the rank counts at either end */
};

static int _x(const struct _axes *a, double ranks)
{
    return a->c.left +
           (int)lround((log(ranks) - log(a->lo)) / (log(a->hi) - log(a->lo)) *
                       (a->c.right - a->c.left));
}

static int _y(const struct _axes *a, double bytes)
{
    return hl_chart_y(&a->c, bytes > 0 ? (uint64_t)llround(bytes) : 0);
}

static void _grid(FILE *out, const struct _axes *a,
                  const struct hl_prediction *p)
{
    char size[HL_SIZE_BUF];

    for (int i = 0; i <= 4; i++) {
        uint64_t v = a->c.ymax / 4 * (uint64_t)i;

        hl_format_size(v, size);
        fprintf(out,
                "<path class=\"grid\" d=\"M%d %dH%d\"/><text class=\"yl\" "
                "x=\"%d\" y=\"%d\">%s</text>",
                a->c.left, _y(a, (double)v), a->c.right, a->c.left - 4,
                _y(a, (double)v) + 4, size);
    }
    for (size_t i = 0; i <= p->nruns; i++) {
        uint32_t ranks = i < p->nruns ? p->runs[i].ranks : p->ranks;

        if (i == p->nruns && !p->predicted)
            break;
        fprintf(out, "<text class=\"xl\" x=\"%d\" y=\"%d\">%" PRIu32 "</text>",
                _x(a, ranks), a->c.height - 6, ranks);
    }
}

static void _mark(FILE *out, const struct _axes *a, double ranks, double bytes,
                  const char *cls, const char *who)
{
    char size[HL_SIZE_BUF];

    hl_format_size(bytes > 0 ? (uint64_t)llround(bytes) : 0, size);
    fprintf(out, "<circle class=\"%s\" cx=\"%d\" cy=\"%d\" r=\"4\"><title>",
            cls, _x(a, ranks), _y(a, bytes));
    hl_html_printf(out, "%s of %.0f rank%s: %s", who, ranks,
                   ranks == 1 ? "" : "s", size);
    fputs("</title></circle>", out);
}

void hl_predict_chart(FILE *out, const struct hl_prediction *p)
{
    const struct hl_fit *fit = &p->fit[HL_PF_RANK_VMHWM];
    const struct hl_predict_value *v = &p->value[HL_PF_RANK_VMHWM];
    double ymax = p->predicted ? v->high : 0;
    struct _axes a = {.lo = p->min_ranks, .hi = p->max_ranks};

    if (!fit->ok)
        return;
    if (p->predicted) {
        a.lo = p->ranks < a.lo ? p->ranks : a.lo;
        a.hi = p->ranks > a.hi ? p->ranks : a.hi;
    }
    for (size_t i = 0; i < p->nruns; i++)
        if (p->runs[i].fig[HL_PF_RANK_VMHWM] > ymax)
            ymax = (double)p->runs[i].fig[HL_PF_RANK_VMHWM];
    hl_chart_setup(&a.c, 720, 220, 1, (uint64_t)ceil(ymax * 1.05));
    a.c.left += 8;
    a.c.right -= 8;
    fputs("<figure id=\"chart\"><figcaption>The largest VmHWM of a rank "
          "against the ranks (a logarithmic axis): the runs, the model "
          "fitted and the prediction with its 95% interval</figcaption>",
          out);
    hl_chart_open(out, &a.c, "predict-chart",
                  "largest rank VmHWM against the ranks");
    _grid(out, &a, p);
    fputs("<path class=\"model\" d=\"", out);
    for (int i = 0; i <= _STEPS; i++) {
        double ranks = a.lo * pow(a.hi / a.lo, (double)i / _STEPS);

        fprintf(out, "%c%d %d", i ? 'L' : 'M', _x(&a, ranks),
                _y(&a, fit->a + fit->b * (p->scaling == HL_SCALING_STRONG
                                              ? 1 / ranks
                                              : ranks)));
    }
    fputs("\"><title>the model fitted</title></path>", out);
    for (size_t i = 0; i < p->nruns; i++)
        _mark(out, &a, p->runs[i].ranks,
              (double)p->runs[i].fig[HL_PF_RANK_VMHWM], "run", "a run");
    if (p->predicted) {
        fprintf(out, "<path class=\"interval\" d=\"M%d %dV%d\"/>",
                _x(&a, p->ranks), _y(&a, v->low), _y(&a, v->high));
        _mark(out, &a, p->ranks, v->bytes, "predicted", "predicted");
    }
    hl_chart_close(out);
    fputs("</figure>\n", out);
}

#include "predict.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format_size.h"
#include "job/report.h"
#include "shared/slurm_size.h"

/* Past the runs, the most uncertainty a prediction may carry: its 95%
 * interval's half-width, in percent of the figure. */
#define _MAX_UNCERTAINTY_PCT 25
/* A part below zero by less than this share of the largest figure is
 * rounding and noise, not a fault of the model. */
#define _NOISE 0.01

const char *hl_predict_model(enum hl_scaling s)
{
    return s == HL_SCALING_STRONG ? "a + b / P" : "a + c P";
}

const char *hl_predict_part_a(enum hl_scaling s)
{
    return s == HL_SCALING_STRONG ? "a (every rank)" : "a (own part)";
}

const char *hl_predict_part_b(enum hl_scaling s)
{
    return s == HL_SCALING_STRONG ? "b (divided)" : "c (per rank of the job)";
}

const char *hl_predict_figure_name(enum hl_predict_figure f)
{
    switch (f) {
    case HL_PF_RANK_VMHWM:
        return "largest rank VmHWM";
    case HL_PF_RANK_HEAP:
        return "largest rank heap";
    default:
        return "largest node";
    }
}

/* The figure of a node that the model fits: what it needed, but where
 * that is its PSS, its RSS summed moment by moment (or its largest VmHWM,
 * when larger). The model is one of each rank's own memory, a replicated
 * part and a part divided among the ranks; a PSS divides the pages that
 * the ranks of a node share among them, a part the model has not, which
 * scattered the fit (doc/tutorial-mpi.md's four runs: a node's part per
 * rank known to 5.1 MiB from their PSS, to 35 KiB from their RSS). */
static uint64_t _node_figure(const struct hl_node *n, enum hl_used_from *from)
{
    uint64_t rss =
        n->conc_rss > n->largest_vmhwm ? n->conc_rss : n->largest_vmhwm;

    if (n->used_from != HL_USED_CONCURRENT_PSS || !n->conc_rss_known) {
        if (from)
            *from = n->used_from;
        return n->used;
    }
    if (from)
        *from = HL_USED_CONCURRENT;
    return rss;
}

int hl_predict_run_figures(const struct hl_report *r, const char *path,
                           struct hl_predict_run *run, char *why, size_t whylen)
{
    const struct hl_summary *sum = r->sum;
    const struct hl_node *big = &sum->nodes[0];
    size_t cut = hl_procset_cut_short(r->set);
    bool ranked = false;

    memset(run, 0, sizeof(*run));
    run->path = path;
    if (r->runs->count > 1) {
        snprintf(why, whylen,
                 "holds the records of %zu runs: give each run's own folder "
                 "or files",
                 r->runs->count);
        return -1;
    }
    if (cut) {
        snprintf(why, whylen,
                 "%zu process%s did not exit normally: its figures are lower "
                 "bounds, which would make the prediction too low",
                 cut, cut == 1 ? "" : "es");
        return -1;
    }
    snprintf(run->job, sizeof(run->job), "%s",
             hl_strpool_get(&r->set->jobs, r->runs->runs[0].job));
    run->ranks = (uint32_t)sum->nranks;
    run->nodes = (uint32_t)sum->nnodes;
    for (size_t i = 0; i < sum->nranks; i++) {
        const struct hl_proc *p = &r->set->procs[sum->ranks[i].proc];

        ranked |= p->rank >= 0;
        if (p->vmhwm > run->fig[HL_PF_RANK_VMHWM])
            run->fig[HL_PF_RANK_VMHWM] = p->vmhwm;
    }
    if (!ranked) {
        snprintf(why, whylen,
                 "its records have no MPI rank: --predict needs the ranks of "
                 "an MPI run");
        return -1;
    }
    run->fig[HL_PF_RANK_HEAP] = sum->peak.max;
    for (size_t i = 0; i < sum->nnodes; i++) {
        const struct hl_node *n = &sum->nodes[i];

        if (n->ranks > run->ranks_per_node)
            run->ranks_per_node = n->ranks;
        if (_node_figure(n, NULL) > _node_figure(big, NULL))
            big = n;
    }
    run->fig[HL_PF_NODE] = _node_figure(big, &run->node_from);
    run->node_ranks = big->ranks;
    return 0;
}

/* The part that follows the rank count, for a rank (k = 1) or a node of k
 * ranks. */
static double _w(enum hl_scaling s, double ranks, double k)
{
    return s == HL_SCALING_STRONG ? k / ranks : k * ranks;
}

/* Fits figure f of the runs under scaling s; pt: room for a point per
 * run. */
static void _fit(const struct hl_prediction *p, enum hl_predict_figure f,
                 enum hl_scaling s, struct hl_fit_point *pt, struct hl_fit *fit)
{
    for (size_t i = 0; i < p->nruns; i++) {
        const struct hl_predict_run *r = &p->runs[i];
        double k = f == HL_PF_NODE ? r->node_ranks : 1;

        pt[i] = (struct hl_fit_point){k, _w(s, r->ranks, k), (double)r->fig[f]};
    }
    hl_fit(pt, p->nruns, fit);
}

/* The nodes and ranks per node of the run predicted. Returns 0, or -1
 * with p->refused said. */
static int _layout(struct hl_prediction *p, const struct hl_options *opt)
{
    bool same_k = true, same_nodes = true;

    for (size_t i = 1; i < p->nruns; i++) {
        same_k &= p->runs[i].ranks_per_node == p->runs[0].ranks_per_node;
        same_nodes &= p->runs[i].nodes == p->runs[0].nodes;
    }
    if (opt->nodes) {
        if (opt->nodes > p->ranks) {
            snprintf(p->refused, sizeof(p->refused),
                     "--nodes=%" PRIu32 " is more nodes than the %" PRIu32
                     " ranks predicted for.",
                     opt->nodes, p->ranks);
            return -1;
        }
        p->nodes = opt->nodes;
        p->layout = "--nodes";
    } else if (same_k) {
        p->ranks_per_node = p->runs[0].ranks_per_node < p->ranks
                                ? p->runs[0].ranks_per_node
                                : p->ranks;
        p->nodes = (p->ranks + p->ranks_per_node - 1) / p->ranks_per_node;
        p->layout = "as the runs had";
        return 0;
    } else if (same_nodes) {
        p->nodes = p->runs[0].nodes < p->ranks ? p->runs[0].nodes : p->ranks;
        p->layout = "on the runs' nodes";
    } else {
        snprintf(p->refused, sizeof(p->refused),
                 "The runs had neither the same ranks per node nor the same "
                 "nodes: say how many nodes the run predicted will have, with "
                 "--nodes=N.");
        return -1;
    }
    p->ranks_per_node = (p->ranks + p->nodes - 1) / p->nodes;
    return 0;
}

/* Whether the runs support any prediction, and one for p->ranks. Returns
 * 0, or -1 with p->refused said. */
static int _supported(struct hl_prediction *p)
{
    double f;

    if (p->rank_counts < 2) {
        snprintf(p->refused, sizeof(p->refused),
                 "The runs all have %" PRIu32 " rank%s: a prediction needs "
                 "runs at two or more rank counts.",
                 p->min_ranks, p->min_ranks == 1 ? "" : "s");
        return -1;
    }
    f = (double)p->max_ranks / p->min_ranks;
    p->trust_low = (uint32_t)ceil(p->min_ranks / f);
    p->trust_high = p->max_ranks * f > HL_PREDICT_MAX_RANKS
                        ? HL_PREDICT_MAX_RANKS
                        : (uint32_t)floor(p->max_ranks * f);
    if (p->ranks >= p->trust_low && p->ranks <= p->trust_high)
        return 0;
    snprintf(p->refused, sizeof(p->refused),
             "No prediction for %" PRIu32 " ranks: the runs span %" PRIu32
             " to %" PRIu32 " ranks, which supports %" PRIu32 " to %" PRIu32
             " (the runs' own span, %.3g times, past either end); beyond it "
             "the figure would rest on the model alone. Measure a run closer "
             "to %" PRIu32 " ranks first.",
             p->ranks, p->min_ranks, p->max_ranks, p->trust_low, p->trust_high,
             f, p->ranks);
    return -1;
}

/* The noise below which a part of figure f is taken for zero. */
static double _noise(const struct hl_prediction *p, enum hl_predict_figure f)
{
    double largest = 0;

    for (size_t i = 0; i < p->nruns; i++)
        if (p->runs[i].fig[f] > largest)
            largest = (double)p->runs[i].fig[f];
    return _NOISE * largest;
}

/* Whether a part v of a fit is below zero beyond its uncertainty and
 * noise: the runs do not follow the model. */
static bool _negative(const struct hl_prediction *p, enum hl_predict_figure f,
                      const struct hl_fit *fit, double v, double se)
{
    return v + (fit->n > 2 ? hl_t95(fit->n - 2) * se : 0) + _noise(p, f) < 0;
}

static const char *_scaling_word(enum hl_scaling s)
{
    return s == HL_SCALING_STRONG ? "strong" : "weak";
}

/* "-57.2 MiB": a part, which may be below zero. */
static void _signed_size(double v, char buf[HL_SIZE_BUF + 1])
{
    buf[0] = '-';
    hl_format_size((uint64_t)llround(fabs(v)), buf + (v < 0));
}

/* Whether the runs follow the other scaling's model better than the one
 * said: the part that follows the ranks goes the other model's way
 * (below zero beyond the noise, though within an uncertainty that three
 * runs make wide: 12.7 standard errors), and the other model fits the
 * runs with parts of the right sign and no more scatter. With three runs
 * each model leaves one degree of freedom, and the direction is what
 * tells them apart; a prediction from the wrong model would bend the
 * wrong way past the runs (weak runs called strong: a figure that levels
 * off where it grows). Says why in p->refused. */
static bool _other_fits_better(struct hl_prediction *p,
                               enum hl_predict_figure f,
                               struct hl_fit_point *pt)
{
    const struct hl_fit *fit = &p->fit[f];
    enum hl_scaling other =
        p->scaling == HL_SCALING_STRONG ? HL_SCALING_WEAK : HL_SCALING_STRONG;
    struct hl_fit o;
    char part[HL_SIZE_BUF + 1], se[HL_SIZE_BUF], s[HL_SIZE_BUF],
        os[HL_SIZE_BUF];

    if (!(fit->b + _noise(p, f) < 0))
        return false;
    _fit(p, f, other, pt, &o);
    if (!o.ok || o.a + _noise(p, f) < 0 || o.b + _noise(p, f) < 0 ||
        o.s > fit->s)
        return false;
    _signed_size(fit->b, part);
    hl_format_size((uint64_t)llround(fit->se_b), se);
    hl_format_size((uint64_t)llround(fit->s), s);
    hl_format_size((uint64_t)llround(o.s), os);
    snprintf(p->refused, sizeof(p->refused),
             "The runs follow the %s-scaling model better than the %s one: "
             "the %s %s with the ranks (its part %s = %s ± %s), and the "
             "%s-scaling fit leaves a scatter of %s where the %s one leaves "
             "%s. Were they %s scaling (--scaling=%s)?",
             _scaling_word(other), _scaling_word(p->scaling),
             hl_predict_figure_name(f),
             p->scaling == HL_SCALING_STRONG ? "grows" : "shrinks",
             p->scaling == HL_SCALING_STRONG ? "b" : "c", part, se,
             _scaling_word(other), os, _scaling_word(p->scaling), s,
             _scaling_word(other), _scaling_word(other));
    return true;
}

/* pt: room for a point per run. */
static int _model_holds(struct hl_prediction *p, struct hl_fit_point *pt)
{
    for (int f = 0; f < HL_PF_COUNT; f++) {
        const struct hl_fit *fit = &p->fit[f];
        const char *name = hl_predict_figure_name((enum hl_predict_figure)f);

        if (!fit->ok) {
            snprintf(p->refused, sizeof(p->refused),
                     "The runs do not tell the model's two parts apart (%s).",
                     name);
            return -1;
        }
        if (_negative(p, (enum hl_predict_figure)f, fit, fit->b, fit->se_b)) {
            snprintf(p->refused, sizeof(p->refused),
                     "The runs do not follow the %s-scaling model: the %s %s "
                     "with the ranks.%s",
                     p->scaling == HL_SCALING_STRONG ? "strong" : "weak", name,
                     p->scaling == HL_SCALING_STRONG ? "grows" : "shrinks",
                     p->scaling == HL_SCALING_STRONG
                         ? " Were they weak scaling (--scaling=weak)?"
                         : " Were they strong scaling (--scaling=strong)?");
            return -1;
        }
        if (_negative(p, (enum hl_predict_figure)f, fit, fit->a, fit->se_a)) {
            snprintf(p->refused, sizeof(p->refused),
                     "The runs do not follow the %s-scaling model: the %s "
                     "falls faster with the ranks than the model allows (its "
                     "part a comes out below zero).",
                     p->scaling == HL_SCALING_STRONG ? "strong" : "weak", name);
            return -1;
        }
        if (_other_fits_better(p, (enum hl_predict_figure)f, pt))
            return -1;
    }
    return 0;
}

static void _value(struct hl_prediction *p, enum hl_predict_figure f)
{
    const struct hl_fit *fit = &p->fit[f];
    struct hl_predict_value *v = &p->value[f];
    double k = f == HL_PF_NODE ? p->ranks_per_node : 1, half;

    v->bytes = hl_fit_at(fit, k, _w(p->scaling, p->ranks, k), &v->se);
    half = fit->n > 2 ? hl_t95(fit->n - 2) * v->se : 0;
    v->low = v->bytes - half > 0 ? v->bytes - half : 0;
    v->high = v->bytes + half;
}

/* Past the runs, an uncertainty too large to act on. */
static int _precise(struct hl_prediction *p)
{
    if (p->ranks >= p->min_ranks && p->ranks <= p->max_ranks)
        return 0;
    for (int f = 0; f < HL_PF_COUNT; f++) {
        const struct hl_predict_value *v = &p->value[f];

        if (v->bytes > 0 &&
            v->high - v->bytes <= v->bytes * _MAX_UNCERTAINTY_PCT / 100)
            continue;
        snprintf(p->refused, sizeof(p->refused),
                 "No prediction for %" PRIu32 " ranks: the runs scatter too "
                 "much about the model (the %s's 95%% interval is wider than "
                 "%d%% of it either way) for a figure beyond them.",
                 p->ranks, hl_predict_figure_name((enum hl_predict_figure)f),
                 _MAX_UNCERTAINTY_PCT);
        return -1;
    }
    return 0;
}

static void _request(struct hl_prediction *p)
{
    unsigned __int128 want;
    char size[32];

    p->basis = p->value[HL_PF_NODE].high;
    want = (unsigned __int128)ceil(p->basis) * (100 + p->margin_pct);
    want = want / 100 + (want % 100 != 0);
    p->request = hl_slurm_size_round_up(
        want > UINT64_MAX ? UINT64_MAX : (uint64_t)want, size, &p->step);
    snprintf(p->option, sizeof(p->option), "--mem=%s", size);
}

int hl_predict(struct hl_prediction *p, const struct hl_options *opt,
               const struct hl_predict_run *runs, size_t n)
{
    struct hl_fit_point *pt = malloc(n * sizeof(*pt));

    memset(p, 0, sizeof(*p));
    if (!pt)
        return -1;
    p->scaling = opt->scaling;
    p->runs = runs;
    p->nruns = n;
    p->ranks = opt->predict;
    p->margin_pct = opt->margin_pct;
    p->min_ranks = runs[0].ranks;
    p->max_ranks = runs[n - 1].ranks;
    for (size_t i = 0; i < n; i++)
        p->rank_counts += i == 0 || runs[i].ranks != runs[i - 1].ranks;
    for (int f = 0; f < HL_PF_COUNT; f++)
        _fit(p, (enum hl_predict_figure)f, p->scaling, pt, &p->fit[f]);
    if (_supported(p) < 0 || _model_holds(p, pt) < 0 || _layout(p, opt) < 0) {
        free(pt);
        return 0;
    }
    free(pt);
    for (int f = 0; f < HL_PF_COUNT; f++)
        _value(p, (enum hl_predict_figure)f);
    if (_precise(p) < 0)
        return 0;
    _request(p);
    p->predicted = true;
    return 0;
}

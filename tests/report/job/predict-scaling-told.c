/* What --predict makes of runs whose scaling is known, given the scaling
 * they had or the other one (made-up figures, one rank per node):
 *
 * - weak runs (300 MiB of a rank's own and 20 MiB per rank of the job,
 *   give or take 2 MiB) called strong are refused, the reason naming weak
 *   scaling: at 1, 2 and 3 ranks, where the strong model's part b comes
 *   out below zero but within the 12.7 standard errors of one degree of
 *   freedom, and would have predicted 360 MiB for 4 ranks (the runs say
 *   380); and at 2, 4 and 8 ranks, for 6, inside the runs, where no
 *   interval is checked;
 * - the same runs called weak are predicted, within 2% of the truth;
 * - strong runs (100 MiB and 800 MiB divided) called weak are refused, the
 *   reason naming strong scaling (before, only for their scatter), and
 *   called strong are predicted;
 * - runs whose rank barely changes with the ranks (500 MiB, give or take
 *   1 MiB) fit both models: three runs cannot tell them apart, and the
 *   two predictions agree within 1%. */
#include <string.h>

#include "../../tap.h"
#include "job/predict/predict.h"

#define MIB (1024.0 * 1024.0)

/* runs[0..n) of ranks[i] ranks, one a node, whose three figures are
 * mib[i] MiB. */
static void _runs(struct hl_predict_run *runs, size_t n, const uint32_t *ranks,
                  const double *mib)
{
    for (size_t i = 0; i < n; i++) {
        memset(&runs[i], 0, sizeof(runs[i]));
        runs[i].path = "made-up";
        runs[i].ranks = runs[i].nodes = ranks[i];
        runs[i].ranks_per_node = runs[i].node_ranks = 1;
        for (int f = 0; f < HL_PF_COUNT; f++)
            runs[i].fig[f] = (uint64_t)(mib[i] * MIB);
        runs[i].node_from = HL_USED_CONCURRENT;
    }
}

static void _predict(struct hl_prediction *p, const struct hl_predict_run *runs,
                     size_t n, enum hl_scaling s, uint32_t ranks)
{
    struct hl_options opt = {.margin_pct = 10, .predict = ranks, .scaling = s};

    if (hl_predict(p, &opt, runs, n) < 0) {
        printf("Bail out! out of memory\n");
        exit(1);
    }
}

static bool _within(double got, double want, double pct)
{
    return got >= want * (1 - pct / 100) && got <= want * (1 + pct / 100);
}

static void _refused_naming(const struct hl_prediction *p, const char *scaling,
                            const char *what)
{
    char option[32];

    snprintf(option, sizeof(option), "(--scaling=%s)?", scaling);
    ok(!p->predicted, "%s: refused", what);
    ok(strstr(p->refused, option) != NULL, "%s: the reason names %s", what,
       option);
    if (p->refused[0])
        printf("# %s\n", p->refused);
}

int main(void)
{
    static const uint32_t three[] = {1, 2, 3}, doubling[] = {2, 4, 8};
    static const double weak[] = {318, 342, 358}, weak_wide[] = {340, 380, 460},
                        strong[] = {901, 499, 367.7},
                        flat[] = {500, 500.6, 499.7};
    struct hl_predict_run runs[3];
    struct hl_prediction p, q;

    _runs(runs, 3, three, weak);
    _predict(&p, runs, 3, HL_SCALING_STRONG, 4);
    _refused_naming(&p, "weak", "weak runs of 1 to 3 ranks called strong");
    _predict(&p, runs, 3, HL_SCALING_WEAK, 4);
    ok(p.predicted && _within(p.value[HL_PF_RANK_HEAP].bytes, 380 * MIB, 2),
       "the same called weak: 380 MiB for 4 ranks, within 2%% (%.1f MiB)",
       p.value[HL_PF_RANK_HEAP].bytes / MIB);

    _runs(runs, 3, doubling, weak_wide);
    _predict(&p, runs, 3, HL_SCALING_STRONG, 6);
    _refused_naming(&p, "weak",
                    "weak runs of 2 to 8 ranks called strong, for 6");
    _predict(&p, runs, 3, HL_SCALING_WEAK, 6);
    ok(p.predicted && _within(p.value[HL_PF_RANK_HEAP].bytes, 420 * MIB, 2),
       "the same called weak: 420 MiB for 6 ranks, within 2%% (%.1f MiB)",
       p.value[HL_PF_RANK_HEAP].bytes / MIB);

    _runs(runs, 3, three, strong);
    _predict(&p, runs, 3, HL_SCALING_WEAK, 4);
    _refused_naming(&p, "strong", "strong runs called weak");
    _predict(&p, runs, 3, HL_SCALING_STRONG, 4);
    ok(p.predicted && _within(p.value[HL_PF_RANK_HEAP].bytes, 300 * MIB, 2),
       "the same called strong: 300 MiB for 4 ranks, within 2%% (%.1f MiB)",
       p.value[HL_PF_RANK_HEAP].bytes / MIB);

    _runs(runs, 3, three, flat);
    _predict(&p, runs, 3, HL_SCALING_STRONG, 4);
    _predict(&q, runs, 3, HL_SCALING_WEAK, 4);
    ok(p.predicted && q.predicted,
       "flat runs: predicted, called strong or weak");
    ok(_within(p.value[HL_PF_NODE].bytes, q.value[HL_PF_NODE].bytes, 1),
       "flat runs: the two predictions within 1%% (%.1f and %.1f MiB)",
       p.value[HL_PF_NODE].bytes / MIB, q.value[HL_PF_NODE].bytes / MIB);
    return done_testing();
}

/* --predict: what a run at another rank count will need, from runs at
 * two or more rank counts, by a model whose form --scaling says.
 *
 * strong: the same problem split among more ranks. A rank holds a part a
 *   that every rank has (the program, MPI's buffers, replicated tables)
 *   and its share of a part b divided among the P ranks: a + b / P. A
 *   node of k ranks holds k a + k b / P.
 * weak: the problem grows with the ranks. A rank holds its own part a,
 *   the same at every scale, and a part c for each rank of the job (MPI's
 *   buffers and tables of its peers): a + c P. A node of k ranks holds
 *   k a + k c P.
 *
 * Three figures are fitted, each by least squares over the runs: the
 * largest VmHWM of a rank, the largest peak heap of a rank, and the
 * largest need of a node (its true peak, else its concurrent RSS, else its
 * sum of VmHWM, as the report of one run judges it) with its ranks. A
 * prediction is refused where the runs do not support it: fewer than two
 * rank counts, a rank count beyond the runs' span (the span's own factor
 * past either end), parts that come out negative, runs that follow the
 * other scaling's model better, or, beyond the runs, an uncertainty above
 * a quarter of the figure. */
#ifndef HEAPLINE_REPORT_PREDICT_H
#define HEAPLINE_REPORT_PREDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fit.h"
#include "job/cli.h"
#include "job/model/aggregate.h"

/* The most ranks (and nodes) --predict takes. */
#define HL_PREDICT_MAX_RANKS 16777216

enum hl_predict_figure {
    HL_PF_RANK_VMHWM, /* the largest VmHWM of a rank */
    HL_PF_RANK_HEAP,  /* the largest peak heap of a rank */
    HL_PF_NODE,       /* the largest need of a node */
    HL_PF_COUNT
};

/* One run, as the models take it. */
struct hl_predict_run {
    const char *path; /* the operand that named it */
    char job[64];     /* its job id as the records name it; "" outside Slurm */
    uint32_t ranks, nodes;
    uint32_t ranks_per_node; /* of its node with the most ranks */
    uint64_t fig[HL_PF_COUNT];
    uint32_t node_ranks; /* the ranks of its node of largest need */
    enum hl_used_from node_from;
};

/* A figure predicted: bytes, and with degrees of freedom its standard
 * error and 95% interval (se = 0, low = high = bytes without). */
struct hl_predict_value {
    double bytes, se, low, high;
};

struct hl_prediction {
    enum hl_scaling scaling;
    const struct hl_predict_run *runs; /* by rank count */
    size_t nruns;
    uint32_t min_ranks, max_ranks;
    size_t rank_counts;             /* distinct */
    uint32_t trust_low, trust_high; /* the rank counts the runs support */
    struct hl_fit fit[HL_PF_COUNT];
    /* The run predicted: its ranks, nodes and ranks on its fullest node,
     * and where the layout came from. */
    uint32_t ranks, nodes, ranks_per_node;
    const char *layout; /* "--nodes", "as the runs had", "on the runs' nodes" */
    bool predicted;
    struct hl_predict_value value[HL_PF_COUNT];
    char refused[512]; /* why not, for people; "" when predicted */
    /* The request: the node's upper bound (its figure without degrees of
     * freedom) plus the margin, rounded up as a suggestion is. */
    unsigned margin_pct;
    char option[48];
    uint64_t request, step;
    double basis;
};

/* The run's figures from its report; returns 0, or -1 with why it cannot
 * be one of the runs (for people) in why. */
struct hl_report;
int hl_predict_run_figures(const struct hl_report *r, const char *path,
                           struct hl_predict_run *run, char *why,
                           size_t whylen);

/* Fits runs[0..n) (n >= 1, sorted by rank count) and predicts for opt's
 * --predict, --nodes and --margin. Returns 0 (predicted, or p->refused
 * says why not), or -1 when memory runs out. */
int hl_predict(struct hl_prediction *p, const struct hl_options *opt,
               const struct hl_predict_run *runs, size_t n);

/* The models' words: "a + b / P" and the parts' names. */
const char *hl_predict_model(enum hl_scaling s);
const char *hl_predict_part_a(enum hl_scaling s);
const char *hl_predict_part_b(enum hl_scaling s);
const char *hl_predict_figure_name(enum hl_predict_figure f);

#endif

/* --compare: what changed from one run (OLD) to another (NEW), each read
 * as the report of one run reads it. Made here once, so that every output
 * tells the same:
 *
 * - the headline figures side by side, with their change;
 * - the ranks matched by rank number (processes without a rank by their
 *   node's name), and the nodes by the lowest rank each holds (by name
 *   where they hold none), each with its change, largest first;
 * - the allocation sites at the peak, when both runs have them, matched by
 *   their names (function, file and line, and two callers), then by
 *   function names alone (a new build moves the lines);
 * - when the peak happened in each;
 * - with --fail-if-grown, what grew by more than that. */
#ifndef HEAPLINE_REPORT_COMPARE_H
#define HEAPLINE_REPORT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job/cli.h"
#include "job/report.h"

/* A change below this is noise (a few pages of a process), whatever its
 * percentage: --fail-if-grown and the largest relative change ignore it. */
#define HL_COMPARE_NOISE_BYTES (1024 * 1024)

/* One figure in both runs; known: whether each run has it. */
struct hl_pair {
    uint64_t old, new;
    bool old_known, new_known;
};

static inline struct hl_pair hl_pair_of(uint64_t old, uint64_t new)
{
    return (struct hl_pair){old, new, true, true};
}

/* Change in percent of old, 0 when old is 0. */
double hl_pair_percent(const struct hl_pair *p);

/* The change's size, whichever way. */
static inline uint64_t hl_pair_magnitude(const struct hl_pair *p)
{
    return p->new > p->old ? p->new - p->old : p->old - p->new;
}

enum hl_headline_figure {
    HL_HF_PEAK_MAX,    /* the largest peak heap of a rank */
    HL_HF_PEAK_MEDIAN, /* the median */
    HL_HF_PEAK_MIN,    /* the smallest */
    HL_HF_VMHWM,       /* the largest VmHWM of a process */
    HL_HF_NODE_VMHWM,  /* the largest node sum of VmHWM */
    HL_HF_NODE_RSS,    /* the largest node concurrent RSS */
    HL_HF_NODE_HEAP,   /* the largest node concurrent heap */
    HL_HF_NODE_TRUE,   /* the largest node true peak */
    HL_HF_NODE_NEED,   /* the largest need of a node */
    HL_HF_SUGGESTION,  /* the suggested request, in bytes */
    HL_HF_COUNT
};

/* A rank, or a node, in both runs or in one. */
struct hl_cmp_rank {
    int32_t rank;
    const char *old_host, *new_host; /* NULL: not in that run */
    struct hl_pair heap, vmhwm;
    bool cut_short; /* in either run: its figures are lower bounds */
};

struct hl_cmp_node {
    int32_t first_rank;              /* the lowest rank it holds; -1: none */
    const char *old_host, *new_host; /* NULL: not in that run */
    struct hl_pair need, vmhwm_sum;
    enum hl_used_from old_from, new_from;
    uint32_t old_ranks, new_ranks;
};

/* An allocation site at the peak, summed over the processes. */
struct hl_cmp_callsite {
    char *label; /* as NEW names it, else OLD */
    uint64_t old, new;
    double old_var, new_var;
    bool in_old, in_new;
};

enum hl_callsite_change {
    HL_CS_APPEARED,
    HL_CS_WENT,
    HL_CS_GREW,
    HL_CS_SHRANK,
    HL_CS_SAME, /* within twice the estimates' standard error */
};

/* When a run's largest peak happened: ms since its first start, and the
 * run's length. */
struct hl_cmp_moment {
    bool known;
    int64_t old_ms, new_ms;
    int64_t old_len_ms, new_len_ms;
    bool moved;
};

/* A figure that grew by more than --fail-if-grown. */
struct hl_cmp_grown {
    char what[96]; /* "the largest peak heap of a rank", "rank 3's VmHWM" */
    struct hl_pair pair;
};

struct hl_compare {
    const struct hl_report *old, *new;
    const char *old_name, *new_name;           /* the operands, for people */
    char *const *old_paths, *const *new_paths; /* the operands */
    int nold_paths, nnew_paths;
    struct hl_pair fig[HL_HF_COUNT];
    char old_suggestion[48], new_suggestion[48];
    /* Matched first, by change, the largest first; then those of one run
     * only. */
    struct hl_cmp_rank *ranks;
    size_t nranks, matched_ranks;
    struct hl_cmp_node *nodes;
    size_t nnodes, matched_nodes;
    bool nodes_by_name; /* no ranks to match them by */
    /* The rank of largest relative change (of 1 MiB at least), an index
     * in ranks; SIZE_MAX: none. */
    size_t most_relative;
    /* The sites: NULL and 0 unless both runs have them; callsites_in
     * says which runs do (bit 0 OLD, bit 1 NEW). */
    struct hl_cmp_callsite *callsites;
    size_t ncallsites;
    unsigned callsites_in;
    struct hl_cmp_moment heap_peak, node_peak;
    int fail_if_grown_pct; /* -1: not asked */
    struct hl_cmp_grown *grown;
    size_t ngrown;
    size_t top, top_callsites; /* rows shown */
};

/* Compares the reports old and new (named as the command line names
 * them). Returns 0, or -1 when memory runs out. */
int hl_compare(struct hl_compare *c, const struct hl_report *old,
               const struct hl_report *new, const char *old_name,
               const char *new_name, const struct hl_options *opt);

void hl_compare_free(struct hl_compare *c);

enum hl_callsite_change hl_callsite_change(const struct hl_cmp_callsite *s);

/* "rank 3", or for processes without a rank "no rank on n1". */
void hl_cmp_rank_name(const struct hl_cmp_rank *k, char *buf, size_t len);

/* The words of each output: "largest peak heap of a rank"; "grew"... */
const char *hl_headline_figure_name(enum hl_headline_figure f);
const char *hl_callsite_change_word(enum hl_callsite_change c);

/* Parts of hl_compare, each in its file. */
int hl_compare_ranks(struct hl_compare *c);
int hl_compare_nodes(struct hl_compare *c);
int hl_compare_callsites(struct hl_compare *c);
int hl_compare_grown(struct hl_compare *c);

/* The outputs. */
int hl_compare_print_text(FILE *out, const struct hl_compare *c);
void hl_compare_print_json(FILE *out, const struct hl_compare *c);
void hl_compare_print_csv(FILE *out, const struct hl_compare *c);
void hl_compare_print_html(FILE *out, const struct hl_compare *c);

#endif

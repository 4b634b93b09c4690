/* Everything one report shows, gathered before any output format is
 * chosen, so that text, JSON and CSV give the same figures. */
#ifndef HEAPLINE_REPORT_REPORT_H
#define HEAPLINE_REPORT_REPORT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "job/model/aggregate.h"
#include "job/model/procs.h"
#include "job/read/runs.h"
#include "job/callsites/callsites_view.h"

enum hl_mem_request_kind { HL_REQ_NONE, HL_REQ_MEM, HL_REQ_MEM_PER_CPU };

struct hl_mem_request {
    enum hl_mem_request_kind kind;
    uint64_t bytes;
    bool whole_node;        /* 0 in Slurm's syntax: all of each node's memory */
    uint32_t cpus_per_rank; /* for --mem-per-cpu; 1 unless told */
    char source[48];        /* "given", "scontrol", "sacct ReqMem / 2 nodes" */
};

/* What to ask for next time: the largest of what each node used (per CPU
 * for --mem-per-cpu) plus the margin, rounded up. */
struct hl_suggestion {
    bool known;
    char option[48]; /* "--mem=13G" */
    uint64_t bytes;
    uint64_t step; /* bytes was rounded up to a multiple of it */
    uint64_t basis_bytes;
    size_t basis_node;      /* index in the summary's nodes */
    size_t over_nodes;      /* nodes over the current request */
    enum hl_used_from from; /* what the basis is of its node */
    bool too_small;         /* the OOM killer ended a process */
    size_t oom_node;        /* where, index in the summary's nodes */
    bool from_limit;        /* the basis is twice that node's limit */
    bool from_sacct;        /* the basis is sacct's MaxRSS, above the records'
                               figures (processes killed before their last
                               refresh) */
};

/* What sacct said of the step; only HL_SACCT_MAXRSS has a figure. */
enum hl_sacct_state {
    HL_SACCT_NOT_ASKED, /* --no-sacct, or no job to ask about */
    HL_SACCT_MAXRSS,    /* its row, with MaxRSS: known */
    HL_SACCT_UNSAMPLED, /* its row with usage figures but no MaxRSS: the
                           step ended before Slurm's first sample */
    HL_SACCT_NO_ROW,    /* sacct answered, and has no row of the job (or of
                           the step, by the deadline) */
    HL_SACCT_NO_ANSWER, /* sacct failed, or had not answered (or not given
                           the step's usage figures) by the deadline */
    HL_SACCT_LATER,     /* not asked at the step's end: ask later */
};

/* sacct's sampled MaxRSS of the step. */
struct hl_step_rss {
    enum hl_sacct_state state;
    unsigned waited_s;         /* the deadline, for NO_ROW and NO_ANSWER */
    char asked[64];            /* the job or step asked about */
    char detail[80];           /* NO_ANSWER: "did not answer within 10 s" */
    char later[PATH_MAX + 64]; /* LATER: the command that asks later */
    bool known;
    char step[64];
    uint64_t maxrss;
    char node[64];
    bool has_task;
    uint32_t task;
};

struct hl_report {
    const struct hl_procset *set;
    struct hl_summary *sum;
    const struct hl_runs *runs; /* the runs of the records reported */
    size_t top;                 /* ranks to show */
    bool timeline;              /* the timelines' chart, or their series */
    unsigned margin_pct;
    struct hl_mem_request req;
    struct hl_suggestion sug;
    struct hl_step_rss sacct;
    const struct hl_callsites_view *callsites; /* NULL: none to show */
    char *const *paths; /* the files and folders read, as given */
    int npaths;
};

/* Judges each node against r->req (its request, percent and over), then
 * fills r->sug from them and the margin. */
void hl_suggest(struct hl_report *r);

/* The ranks of the table, the top ones or all. */
static inline size_t hl_shown_ranks(const struct hl_report *r)
{
    return r->top < r->sum->nranks ? r->top : r->sum->nranks;
}

/* Outside MPI, the processes the table lists instead of the ranks
 * (proc_list.h): the top ones or all. */
static inline size_t hl_shown_procs(const struct hl_report *r)
{
    return r->top < r->sum->list.n ? r->top : r->sum->list.n;
}

/* Under MPI, the processes listed under shown rank i, from *first: up to
 * r->top of them. */
static inline size_t hl_shown_under(const struct hl_report *r, size_t i,
                                    const uint32_t **first)
{
    size_t n = hl_proc_list_under(&r->sum->list, i, first);

    return r->top < n ? r->top : n;
}

/* The rows of the table, in order, each a rank or outside MPI a process:
 * how many are known in order, and the process of row i. */
static inline size_t hl_rows(const struct hl_report *r)
{
    return r->sum->list.by_process ? r->sum->list.n : r->sum->nranks;
}

static inline uint32_t hl_row_proc(const struct hl_report *r, size_t i)
{
    return r->sum->list.by_process ? r->sum->list.procs[i]
                                   : r->sum->ranks[i].proc;
}

/* The rows the table shows: the top ones or all. */
static inline size_t hl_shown_rows(const struct hl_report *r)
{
    return r->sum->list.by_process ? hl_shown_procs(r) : hl_shown_ranks(r);
}

/* Returns 0, or -1 when memory runs out. */
int hl_print_text(FILE *out, const struct hl_report *r);
void hl_print_json(FILE *out, const struct hl_report *r);

/* Every process, in the report's order (hl_proc_cmp). Returns 0, or -1
 * when memory runs out. */
int hl_print_csv(FILE *out, const struct hl_report *r);

/* One page with no external resource: the headline, a chart per node, the
 * ranks' heap over time and the ranks table (html_out.c). */
void hl_print_html(FILE *out, const struct hl_report *r);

#endif

/* What sacct says of a step: its sampled MaxRSS (where and in which task)
 * and the memory request. */
#ifndef HEAPLINE_REPORT_SACCT_H
#define HEAPLINE_REPORT_SACCT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One line of `sacct -o JobID,MaxRSS,MaxRSSNode,MaxRSSTask,ReqMem,
 * TRESUsageInTot -P -n`; the last two fields may be left out. */
struct hl_sacct_row {
    char jobid[64];
    bool has_maxrss;
    uint64_t maxrss;
    char node[64];
    bool has_task;
    uint32_t task;
    bool has_reqmem;
    /* 'n' per node, 'c' per CPU (Slurm before 21.08 wrote the letter);
     * 't' the job's total over its nodes (no letter: the job row's TRES) */
    char reqmem_kind;
    uint64_t reqmem;
    /* TRESUsageInTot is filled: slurmstepd's usage figures have reached the
     * database. A step too short to be sampled then has them ("energy=0")
     * with no MaxRSS, and never will have one. */
    bool has_usage;
};

/* Parses line[0..len) (no newline). Returns 0, or -1 when it is not such a
 * line. Empty fields leave their has_ flag false. */
int hl_sacct_parse_line(const char *line, size_t len, struct hl_sacct_row *r);

/* What hl_sacct_pick found in sacct's output. */
#define HL_SACCT_GOT_STEP 1u /* the step's row (for a whole job: a step's) */
#define HL_SACCT_GOT_JOB 2u  /* the job's own row */

/* The fields asked of sacct, in the order hl_sacct_parse_line reads. */
#define HL_SACCT_FIELDS                                                        \
    "JobID,MaxRSS,MaxRSSNode,MaxRSSTask,ReqMem,TRESUsageInTot"

/* The arguments of a sacct query about job ("JOB.STEP": that step's row;
 * "JOB": the job's row and its steps'), or with alloc_only about the job's
 * own row alone (its ReqMem; cheap, whatever its number of steps). id
 * receives the job id it names; argv ends with NULL. */
void hl_sacct_argv(const char *job, bool alloc_only, char id[64],
                   char *argv[10]);

/* Reads sacct's output: *row gets the row of job's step (for a whole job,
 * the step of largest MaxRSS), *req the row of the job itself, the one that
 * carries ReqMem. Returns HL_SACCT_GOT_* bits for what it found. */
unsigned hl_sacct_pick(const char *job, const char *out,
                       struct hl_sacct_row *row, struct hl_sacct_row *req);

#endif

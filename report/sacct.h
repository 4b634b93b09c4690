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

/* Runs sacct for job ("JOB" or "JOB.STEP") and keeps the row of that step,
 * or for a whole job the step of largest MaxRSS. Waits up to timeout_ms in
 * all, asking again while the step is not in the database yet (it appears
 * shortly after the step ends) and, for JOB.STEP, while its row has no
 * usage figures yet (they come after the row). Returns 0 when sacct answered
 * with the row (its MaxRSS may still be empty at the timeout: has_maxrss),
 * -1 when it did not in time.
 * *req gets the row of job itself, the one that carries ReqMem (for a step,
 * sacct gives no such row: ask again with the job id alone). */
int hl_sacct_query(const char *job, int timeout_ms, struct hl_sacct_row *row,
                   struct hl_sacct_row *req);

#endif

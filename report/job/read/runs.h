/* The runs whose records were read: a run is one value of the records'
 * job column (a Slurm step, a job, or "" outside Slurm). A folder may
 * hold the records of several; the report says so, and --job selects
 * one. */
#ifndef HEAPLINE_REPORT_RUNS_H
#define HEAPLINE_REPORT_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job/model/procs.h"

struct hl_run {
    uint32_t job; /* id in the set's jobs */
    size_t records;
};

struct hl_runs {
    struct hl_run *runs; /* natural order of the job ids, "" first */
    size_t count;
};

/* Fills runs from set. Returns 0, or -1 when memory runs out. */
int hl_runs_find(const struct hl_procset *set, struct hl_runs *runs);

void hl_runs_free(struct hl_runs *runs);

/* The job of the records: the one job id that every record naming a job
 * names, or NULL when none does or they differ (jobs: the set's). */
const char *hl_runs_job(const struct hl_runs *runs,
                        const struct hl_strpool *jobs);

/* Whether the job column value record_job is of job, as --job names it
 * (hl_keep_job). */
bool hl_job_selects(const char *job, const char *record_job);

/* Keeps the processes of job only, as --job names it: those whose job
 * column is job, or one of its steps when job has no step ("42" takes
 * "42.0" and "42.batch", not "420.0"). Returns how many were left out. */
size_t hl_keep_job(struct hl_procset *set, const char *job);

#endif

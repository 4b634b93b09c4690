/* What Slurm itself knows of the records' job: sacct's MaxRSS of the step
 * and, when none was given, the memory request. */
#ifndef HEAPLINE_REPORT_SLURM_FACTS_H
#define HEAPLINE_REPORT_SLURM_FACTS_H

#include "report.h"

/* The job of the records: the one job id that every record naming a job
 * names, or NULL when none does or they differ. */
const char *hl_records_job(const struct hl_procset *set);

/* Asks sacct (and scontrol when r->req is unknown) about job, each within
 * timeout_ms; fills r->sacct and r->req with what they answered. */
void hl_ask_slurm(struct hl_report *r, const char *job, int timeout_ms);

#endif

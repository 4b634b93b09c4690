/* What Slurm itself knows of the records' job: sacct's MaxRSS of the step
 * and, when none was given, the memory request. */
#ifndef HEAPLINE_REPORT_SLURM_FACTS_H
#define HEAPLINE_REPORT_SLURM_FACTS_H

#include "job/report.h"

/* Asks Slurm about job, every query within one deadline, timeout_ms from
 * now: sacct's MaxRSS of the step unless r->sacct holds an answer already
 * (--sacct), and scontrol's request when r->req is unknown (else sacct's
 * ReqMem). sacct and scontrol run at the same time. Fills r->sacct and
 * r->req with what they answered. */
void hl_ask_slurm(struct hl_report *r, const char *job, int timeout_ms);

/* Fills s from an answer of sacct that the caller already has (--sacct):
 * its row of the step (JobID|MaxRSS|MaxRSSNode|MaxRSSTask, as sacct
 * --parsable2 prints it; an empty MaxRSS: the step ended before the first
 * sample), "none" (no row), "timeout" (no answer within waited_s),
 * "failed" (slurmdbd unreachable) or "later" (not asked). Returns 0, or -1 when
 * it is none of those. */
int hl_sacct_given(const char *answer, unsigned waited_s,
                   struct hl_step_rss *s);

/* Writes into s->later the command that asks sacct later: heapline-report
 * and the paths, quoted for a shell where they need it. */
void hl_sacct_later(struct hl_step_rss *s, char *const *paths, int npaths);

#endif

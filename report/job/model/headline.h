/* The sentences that open and close the report, built once for the text
 * and the HTML reports, so that both say the same in the same words. */
#ifndef HEAPLINE_REPORT_HEADLINE_H
#define HEAPLINE_REPORT_HEADLINE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "job/report.h"

/* Room for the longest: sacct's "run later" command, with its folder. */
#define HL_SENTENCE (PATH_MAX + 512)

/* "heapline-report: 4 ranks on 2 nodes, longest process 4.0 s". */
void hl_headline_job(const struct hl_report *r, char buf[HL_SENTENCE]);

/* The request and the nodes over it, then the suggested request and why:
 * each "" when no suggestion is known. */
void hl_headline_request(const struct hl_report *r, char buf[HL_SENTENCE]);
void hl_headline_suggestion(const struct hl_report *r, char buf[HL_SENTENCE]);

/* That cut processes did not exit normally and what that makes of the
 * suggestion: "" when cut is 0 or no suggestion is known. */
void hl_headline_cut_short(const struct hl_report *r, size_t cut,
                           char buf[HL_SENTENCE]);

/* The node of a host, NULL when it has no process. */
const struct hl_node *hl_report_node(const struct hl_report *r, uint32_t host);

/* How a killed task that left no record ended, in hl_fmt_end()'s words,
 * with its node's limit where known. */
void hl_task_end(const struct hl_report *r, const struct hl_task_exit *x,
                 char buf[64]);

/* sacct's MaxRSS beside the largest VmHWM, or why sacct gave none. */
void hl_headline_slurm(const struct hl_report *r, char buf[HL_SENTENCE]);

#endif

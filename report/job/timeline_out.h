/* The timelines in each output: the text chart (--timeline), and the
 * figures and series that JSON carries. The figures come from aggregate.c
 * (each node's sums moment by moment) and the kept series from
 * timelines.h; these only print them. */
#ifndef HEAPLINE_REPORT_TIMELINE_OUT_H
#define HEAPLINE_REPORT_TIMELINE_OUT_H

#include <stdio.h>

#include "report.h"

/* The chart: a row per node (RSS and heap summed moment by moment) and a
 * row per rank shown (its heap), over the run, each column the largest
 * value of its moment. Nothing when no node has its sums. */
void hl_print_timeline_chart(FILE *out, const struct hl_report *r);

/* A point's time as the outputs count it: ms since the summary's origin. */
int64_t hl_point_ms(const struct hl_report *r, const struct hl_proc *p,
                    const struct hl_timeline_point *point);

/* The end of the last process, in ms since the origin; 1 at least. */
int64_t hl_timeline_end_ms(const struct hl_report *r);

/* JSON: ", \"timeline_origin_s\": ..." for the whole report; a node's
 * ", \"concurrent_...\": ..." figures (and with --timeline its cells); a
 * rank's ", \"timeline\": [...]" with --timeline. */
void hl_json_timeline_origin(FILE *out, const struct hl_report *r);
void hl_json_node_timeline(FILE *out, const struct hl_report *r,
                           const struct hl_node *n);
void hl_json_rank_timeline(FILE *out, const struct hl_report *r,
                           const struct hl_proc *p);

#endif

/* The sections of the HTML page, each in its file; html_out.c puts them
 * in order. Times are ms since the summary's origin, the charts' axis from
 * 0 to end_ms. */
#ifndef HEAPLINE_REPORT_HTML_PARTS_H
#define HEAPLINE_REPORT_HTML_PARTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "job/report.h"

/* The ranks (outside MPI the processes) drawn one by one over time; the
 * others are in the band. */
#define HL_HTML_RANK_LINES 8

/* The files and folders read, and the time the page was made
 * (html_made.c). */
void hl_html_made(FILE *out, const struct hl_report *r);

/* A chart per node (html_nodes.c). */
void hl_html_nodes(FILE *out, const struct hl_report *r, int64_t end_ms);

/* The top ranks' heap and the band of all ranks (html_ranks.c), where
 * hl_html_has_rank_chart says there is any: a timeline or the band. */
void hl_html_rank_chart(FILE *out, const struct hl_report *r, int64_t end_ms);
bool hl_html_has_rank_chart(const struct hl_report *r);

/* The ranks table, as --top (html_ranks.c), with each rank's other
 * processes under it; outside MPI the processes table in its place. */
void hl_html_ranks_table(FILE *out, const struct hl_report *r);

/* Outside MPI, the processes listed, as --top (html_procs.c). */
void hl_html_processes_table(FILE *out, const struct hl_report *r);

/* Under MPI, the rows of the processes listed under shown rank i, in the
 * ranks table's columns (rank, pid, parent, host, program when programs,
 * the figures, own and shared when shares, other processes when others,
 * end); returns whether some of its processes were left out. */
bool hl_html_rank_processes(FILE *out, const struct hl_report *r, size_t i,
                            bool programs, bool shares, bool others);

/* A row's own and shared cells (shared_mem.h), and under the table what
 * they are, its rows each a `row` ("rank", "process"). */
void hl_html_own_shared(FILE *out, const struct hl_report *r,
                        const struct hl_proc *p);
void hl_html_own_shared_words(FILE *out, const char *row);

#endif

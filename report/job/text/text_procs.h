/* The text report's processes: outside MPI the table of processes in
 * place of the ranks, under MPI the rows of each rank's other processes
 * (proc_list.h says which). */
#ifndef HEAPLINE_REPORT_TEXT_PROCS_H
#define HEAPLINE_REPORT_TEXT_PROCS_H

#include <stdbool.h>
#include <stdio.h>

#include "job/report.h"
#include "shared/text_table.h"

/* The table of processes, the largest peak heap first, as many as --top
 * says. */
void hl_print_text_processes(FILE *out, const struct hl_report *r);

/* The rows of the processes listed under shown rank i, in the ranks
 * table's columns (rank, pid, parent, host, program when programs, the
 * figures, own and shared when shares, and an empty last); returns
 * whether some of its processes were left out. */
bool hl_text_rank_processes(struct hl_table *tab, const struct hl_report *r,
                            size_t i, bool programs, bool shares);

/* A row's "own" and "shared" cells (shared_mem.h). */
void hl_text_own_shared(struct hl_table *tab, const struct hl_report *r,
                        const struct hl_proc *p);

/* What the two columns are, under a table whose rows are each a `row`
 * ("rank", "process"). */
void hl_text_own_shared_words(FILE *out, const char *row);

#endif

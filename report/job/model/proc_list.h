/* Which processes the report's tables list, decided once here for every
 * output.
 *
 * Outside MPI every process is rank -1: the ranks do not tell the
 * processes apart, and the tables list the processes themselves (program,
 * pid, parent), the largest peak heap first. Under MPI each rank's row
 * stands for its process of largest peak heap, and its other processes
 * (a wrapper shell, the processes the rank started) are listed under it,
 * the largest first. As many as the outputs show, picked as the processes
 * are gone through once (top_ranks.h), never sorted out of all of them: a
 * million ranks cost a pass, and memory for what is listed. */
#ifndef HEAPLINE_REPORT_PROC_LIST_H
#define HEAPLINE_REPORT_PROC_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hl_procset;
struct hl_summary;

struct hl_proc_list {
    /* No process is of a rank: the tables list processes, procs[0..n). */
    bool by_process;
    uint32_t *procs; /* indices in the set's procs, in the report's order */
    size_t n;
    /* Under MPI: procs[under[i]..under[i + 1]) are listed under the
     * summary's rank i, for i < nunder (its first ranks, in order); under
     * is NULL when no rank listed has another process. */
    uint32_t *under;
    size_t nunder;
};

/* Fills sum->list from set and sum, whose first `want` ranks are in
 * order: up to want processes, or up to want under each of those ranks.
 * launcher: by program id, the daemons of MPI launchers, in no rank.
 * Returns 0, or -1 when memory runs out. */
int hl_proc_list(const struct hl_procset *set, struct hl_summary *sum,
                 const uint8_t *launcher, size_t want);

/* The processes listed under rank i (0 beyond nunder), from *first. */
static inline size_t hl_proc_list_under(const struct hl_proc_list *l, size_t i,
                                        const uint32_t **first)
{
    if (!l->under || i >= l->nunder)
        return 0;
    *first = l->procs + l->under[i];
    return l->under[i + 1] - l->under[i];
}

void hl_proc_list_free(struct hl_proc_list *l);

#endif

/* Shared memory in words, node by node and rank by rank, so that the text
 * report, its page and JSON say the same (issue 31): what the sum of VmHWM
 * counted more than once, and a rank's own memory apart from its share of
 * what it maps with others. */
#ifndef HEAPLINE_REPORT_SHARED_MEM_H
#define HEAPLINE_REPORT_SHARED_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aggregate.h"
#include "procs.h"

/* "shared 256.0 MiB counted 5.0 times": a node's cell. */
void hl_fmt_node_shmem_cell(const struct hl_node *n, char *buf, size_t size);

/* A node's shared memory in a sentence: "On n1, the processes share
 * 256.0 MiB ...: 1.0 GiB counted more than once." */
void hl_fmt_node_shmem(const struct hl_node *n, const char *name, char *buf,
                       size_t size);

/* A process's own memory and its part of what it shares, as its node's
 * concurrent PSS counts it at its peak: at its timeline's point of most
 * PSS within the peak's cell, its PSS that point's RSS less the shared
 * part of the reading of Pss in effect (time_grid.c), of which the
 * reading's Pss_Shmem is shared and the rest own; without a peak of PSS,
 * at its point of most own memory; without a timeline kept (the report
 * keeps those of the rows it lists), its record's largest Pss less its
 * largest Pss_Shmem, read apart. A process that never read its Pss: its
 * largest RssShmem whole (by_rss set), own unknown. Returns false when it
 * read neither. */
struct hl_own_shared {
    uint64_t own, shared;
    bool by_rss;
};
bool hl_own_shared(const struct hl_procset *set, const struct hl_summary *sum,
                   const struct hl_proc *p, struct hl_own_shared *o);

/* Whether a process shares at least 1 MiB: a table shows the split when
 * one of its rows does. */
bool hl_shares(const struct hl_procset *set, const struct hl_summary *sum,
               const struct hl_proc *p);

/* "own" and "shared" cells: "35.2 MiB", "64.0 MiB"; "-" unknown; a
 * shared figure from RssShmem ends with " (RSS)". */
void hl_fmt_own_shared(const struct hl_procset *set,
                       const struct hl_summary *sum, const struct hl_proc *p,
                       char own[32], char shared[40]);

#endif

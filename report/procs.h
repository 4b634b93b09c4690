/* The processes read from records, kept compact (one fixed-size struct per
 * process, strings interned) so that 100,000 records fit in a few MiB. */
#ifndef HEAPLINE_PROCS_H
#define HEAPLINE_PROCS_H

#include <stddef.h>
#include <stdint.h>

#include "strpool.h"

/* Times are whole milliseconds: the record writes three decimals. */
struct hl_proc {
    uint64_t peak_heap;
    uint64_t vmhwm;
    uint64_t live_at_exit;
    uint64_t vmrss_at_exit;
    uint64_t allocs;
    uint64_t frees;
    int64_t elapsed_ms;
    int64_t peak_time_ms;
    int32_t rank; /* -1: the process had no rank */
    uint32_t pid;
    uint32_t host; /* id in hl_procset.hosts */
    uint32_t job;  /* id in hl_procset.jobs; the empty string when none */
};

struct hl_procset {
    struct hl_proc *procs;
    size_t count, cap;
    struct hl_strpool hosts;
    struct hl_strpool jobs;
};

/* Returns a new zeroed process at the end of the set, or NULL when memory
 * runs out. */
struct hl_proc *hl_procset_add(struct hl_procset *set);

void hl_procset_free(struct hl_procset *set);

#endif

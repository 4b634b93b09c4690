/* The record of format 1: one CSV file per process, see doc/format.md. */
#ifndef HEAPLINE_RECORD_H
#define HEAPLINE_RECORD_H

#include "counters.h"

#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

/* The first two lines of a record, without the last newline. */
#define HL_RECORD_HEAD                                                         \
    "# heapline 1\n"                                                           \
    "rank,host,pid,job,elapsed_s,allocs,frees,peak_heap_bytes,"                \
    "peak_heap_time_s,live_heap_at_exit_bytes,vmhwm_bytes,"                    \
    "vmrss_at_exit_bytes"

/* The record path of process pid, HEAPLINE_OUTPUT expanded: 0, or -1 when
 * it is too long. */
int hl_record_path(pid_t pid, char path[PATH_MAX]);

/* Writes the record to the expanded HEAPLINE_OUTPUT path. If that fails it
 * says so in one line on stderr; the program is not disturbed. */
void hl_record_write(const struct hl_figures *f, int64_t elapsed_ns, pid_t pid);

#endif

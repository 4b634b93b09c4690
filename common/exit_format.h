/* The exit file of a task, task-T.exit beside the records of a Slurm step:
 * how the task ended. The SPANK plugin writes it when the task ends, and
 * heapline-report reads it (doc/format.md).
 *
 *   # heapline exit 1
 *   task,host,pid,status,exit_code,signal,oom,cgroup_peak_bytes,end_time_s
 *   3,n2,12345,signaled,,9,1,108134400,1764950000.123456789
 *
 * A killed process writes no final record, and its provisional one can be
 * stale by everything it did since: the task's own cgroup and the moment
 * slurmstepd saw it end cannot be. Both columns are optional, for the
 * files of earlier versions of the plugin. */
#ifndef HEAPLINE_COMMON_EXIT_FORMAT_H
#define HEAPLINE_COMMON_EXIT_FORMAT_H

#include "columns.h"

/* The status column: one of these words. */
enum hl_exit_status { HL_STATUS_EXITED, HL_STATUS_SIGNALED, HL_STATUS_UNKNOWN };
extern const char *const hl_exit_status_words[];
#define HL_CTYPE_EXIT_STATUS int /* enum hl_exit_status */
#define HL_COLKIND_EXIT_STATUS HL_COL_WORD
#define HL_COLWORDS_EXIT_STATUS hl_exit_status_words

#define HL_EXIT_COLUMNS(X)                                                     \
    X(task, "task", COUNT, 0, "the task's global id in the step")              \
    X(host, "host", TEXT, 0, "the node it ran on")                             \
    X(pid, "pid", COUNT, 0, "the pid of the task's first process")             \
    X(status, "status", EXIT_STATUS, 0, "exited, signaled or unknown")         \
    X(exit_code, "exit_code", COUNT, HL_COL_EMPTY, "when it exited")           \
    X(signal, "signal", COUNT, HL_COL_EMPTY, "when a signal ended it")         \
    X(oom, "oom", COUNT, HL_COL_OPTIONAL | HL_COL_EMPTY,                       \
      "1 if the OOM killer ended it, 0 if not, empty with no memory cgroup")   \
    X(cgroup_peak, "cgroup_peak_bytes", COUNT, HL_COL_OPTIONAL | HL_COL_EMPTY, \
      "the high-water mark of the task's own memory cgroup, empty without")    \
    X(end_time_ns, "end_time_s", NS, HL_COL_OPTIONAL | HL_COL_EMPTY,           \
      "when slurmstepd saw the task end, on the wall clock")

#define HL_EXIT_ENUM(member, ...) HL_EXIT_##member,
HL_FORMAT_TYPES(hl_exit_row, HL_EXIT_COLUMNS, HL_EXIT_ENUM, HL_EXIT_NCOLUMNS);

extern const struct hl_format hl_exit_format;

/* The largest exit file a reader takes: one task's line is under 100
 * bytes, a long host name included. */
#define HL_EXIT_MAX_BYTES (64 * 1024)

#endif

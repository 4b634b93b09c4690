/* The merged node file of a Slurm step, node-NAME.heapline in the step
 * folder: all that one node's share of the step left, in one file, so
 * that a step makes one file per node on the shared file system. The SPANK
 * plugin writes it when the node's last task has ended, from the records
 * the tasks wrote in a node-local folder, the tasks' exit rows and the
 * node's figures; heapline-report reads it (doc/format.md).
 *
 * It holds files of the other formats as they are: its own section first
 * (this table), then a section per file of the node file and exit file
 * formats, and one per record header, under which the rows of every record
 * with that header follow, copied, not rewritten. Each section is a file of
 * its format (its first line, its header, its rows); a section ends where a
 * line starts with "# heapline ".
 *
 *   # heapline merged 1
 *   host,tasks,files,unmerged,missing
 *   n1,2,3,1,"task-1.4243.csv: empty"
 *   # heapline node 1
 *   host,cgroup_peak_bytes,mem_limit_bytes,oom_kills
 *   n1,367001600,1073741824,0
 *   # heapline exit 1
 *   task,host,pid,status,exit_code,signal,oom
 *   0,n1,4242,exited,0,,0
 *   1,n1,4243,signaled,,9,1
 *   # heapline 1
 *   rank,host,pid,job,elapsed_s,...
 *   0,n1,4242,81.0,...
 *   0,n1,4250,81.0,... */
#ifndef HEAPLINE_COMMON_MERGED_FORMAT_H
#define HEAPLINE_COMMON_MERGED_FORMAT_H

#include "columns.h"

#define HL_MERGED_COLUMNS(X)                                                   \
    X(host, "host", TEXT, 0, "the node")                                       \
    X(tasks, "tasks", COUNT, 0, "the step's tasks on the node")                \
    X(files, "files", COUNT, 0,                                                \
      "the records found in the node-local folder, one per process")           \
    X(unmerged, "unmerged", COUNT, 0,                                          \
      "of them, those left out: unreadable, empty, truncated")                 \
    X(missing, "missing", TEXT, 0,                                             \
      "what is missing and why, for a reader; empty when nothing is")

#define HL_MERGED_ENUM(member, ...) HL_MERGED_##member,
HL_FORMAT_TYPES(hl_merged_row, HL_MERGED_COLUMNS, HL_MERGED_ENUM,
                HL_MERGED_NCOLUMNS);

extern const struct hl_format hl_merged_format;

/* The largest merged file a reader takes: a node's records, a few hundred
 * bytes each (tens of KiB with allocation sites), for thousands of
 * processes. */
#define HL_MERGED_MAX_BYTES (256 * 1024 * 1024)

/* What starts a line that starts a section: every format's first line. */
#define HL_SECTION_START "# heapline "

#endif

/* The record (format 1): one CSV file per process, written by the library
 * and read by heapline-report (doc/format.md).
 *
 *   # heapline 1
 *   rank,host,pid,job,elapsed_s,...,vmrss_at_exit_bytes
 *   -1,node01,17438,,0.015,...,10485760
 *
 * Readers find columns by name: a new column goes at the end of the table
 * (before end, which only the provisional record has), marked
 * HL_COL_OPTIONAL so that older records are still read. */
#ifndef HEAPLINE_COMMON_RECORD_FORMAT_H
#define HEAPLINE_COMMON_RECORD_FORMAT_H

#include "columns.h"

#define HL_RECORD_COLUMNS(X)                                                   \
    X(rank, "rank", INT, 0, "MPI rank, else Slurm task id, else -1")           \
    X(host, "host", TEXT, 0, "Slurm node name, else the host name")            \
    X(pid, "pid", COUNT, 0, "process id")                                      \
    X(job, "job", TEXT, 0, "Slurm job as sacct writes it; empty outside")      \
    X(elapsed_ms, "elapsed_s", MS, HL_COL_LIVE,                                \
      "seconds from the library's start to the record")                        \
    X(allocs, "allocs", COUNT, HL_COL_LIVE, "successful allocations")          \
    X(frees, "frees", COUNT, HL_COL_LIVE, "releases of a non-null block")      \
    X(peak_heap, "peak_heap_bytes", COUNT, HL_COL_LIVE,                        \
      "highest heap in use, usable bytes")                                     \
    X(peak_heap_time_ms, "peak_heap_time_s", MS, HL_COL_LIVE,                  \
      "when the peak happened, seconds since the start")                       \
    X(live_heap_at_exit, "live_heap_at_exit_bytes", COUNT, HL_COL_LIVE,        \
      "heap still allocated at the end, usable bytes")                         \
    X(vmhwm, "vmhwm_bytes", COUNT, HL_COL_LIVE | HL_COL_EMPTY,                 \
      "VmHWM, bytes; empty if unreadable")                                     \
    X(vmrss_at_exit, "vmrss_at_exit_bytes", COUNT, HL_COL_LIVE | HL_COL_EMPTY, \
      "VmRSS at the end, bytes; empty if unreadable")                          \
    X(start_time_ns, "start_time_s", NS, HL_COL_OPTIONAL,                      \
      "the library's start on the wall clock, seconds since the Epoch")        \
    X(callsites_rate, "sites_rate_bytes", COUNT,                               \
      HL_COL_OPTIONAL | HL_COL_CALLSITES,                                      \
      "mean bytes allocated between two sampled allocations")                  \
    X(callsites, "sites", TEXT, HL_COL_OPTIONAL | HL_COL_CALLSITES,            \
      "the allocation sites at the peak: bytes:count:se:frames, space apart")  \
    X(modules, "modules", TEXT, HL_COL_OPTIONAL | HL_COL_CALLSITES,            \
      "the modules of the sites' frames: build-id:path, space apart")          \
    X(program, "program", TEXT, HL_COL_OPTIONAL,                               \
      "the program's name, as the kernel gives it (/proc/PID/comm)")           \
    X(ppid, "ppid", COUNT, HL_COL_OPTIONAL, "the parent's process id")         \
    X(timeline, "timeline", TEXT, HL_COL_OPTIONAL | HL_COL_SERIES,             \
      "heap, VmRSS and Pss over time: v2 then t_ms:heap:rss:..., space apart") \
    X(peak_pss, "peak_pss_bytes", COUNT,                                       \
      HL_COL_OPTIONAL | HL_COL_LIVE | HL_COL_EMPTY,                            \
      "the largest Pss read (smaps_rollup), bytes; empty if never read")       \
    X(peak_pss_shmem, "peak_pss_shmem_bytes", COUNT,                           \
      HL_COL_OPTIONAL | HL_COL_LIVE | HL_COL_EMPTY,                            \
      "the largest Pss_Shmem read, bytes; empty if never read")                \
    X(peak_rss_shmem, "peak_rss_shmem_bytes", COUNT,                           \
      HL_COL_OPTIONAL | HL_COL_LIVE | HL_COL_EMPTY,                            \
      "the largest RssShmem read (status), bytes; empty if never read")        \
    X(callsites_dropped, "sites_dropped", COUNT,                               \
      HL_COL_OPTIONAL | HL_COL_CALLSITES | HL_COL_LIVE,                        \
      "sampled blocks the table of live blocks had no room for: the sites "    \
      "leave them out")                                                        \
    X(end, "end", TEXT, HL_COL_OPTIONAL | HL_COL_UNFINISHED,                   \
      "unfinished: a provisional record (the process died or still runs)")

#define HL_RECORD_ENUM(member, ...) HL_REC_##member,
HL_FORMAT_TYPES(hl_record_row, HL_RECORD_COLUMNS, HL_RECORD_ENUM,
                HL_REC_NCOLUMNS);

extern const struct hl_format hl_record_format;

/* The largest record a reader takes: one process is a few hundred bytes
 * today; the bound leaves room for the columns to come (a timeline of 512
 * points, allocation sites). */
#define HL_RECORD_MAX_BYTES (1024 * 1024)

/* A column's name in the file, for outputs that use the same name. */
#define HL_RECORD_NAME(member) (hl_record_format.columns[HL_REC_##member].name)

/* A provisional record is rewritten when the peak has grown by 1% or by
 * this, whichever is larger (preload/alloc/milestones.c): a process that
 * died with a peak below it in its record may have held up to this much
 * more, and heapline-report calls its peak unknown. */
#define HL_RECORD_PUBLISH_MIN ((int64_t)1 << 20)

/* What a provisional record's end column holds. */
#define HL_RECORD_UNFINISHED "unfinished"

/* The first byte of a field, or of a timeline's point, while the library
 * rewrites it in place in a provisional record: written first and
 * replaced last, so that a process killed in the middle leaves it, and a
 * reader knows the text after it is not whole. */
#define HL_FIELD_REWRITING '!'

#endif

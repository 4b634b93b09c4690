/* The site's summary of measured steps, SITE/NODE-YYYY-MM-DD.csv in the
 * folder of the plugstack argument site=DIR: one line per step and node,
 * appended by the plugin's root side (slurmstepd) when the node's last
 * task of the step has ended; heapline-site reads the folder
 * (doc/format.md, doc/admin.md).
 *
 *   # heapline site 1
 *   end,host,job,step,uid,user,account,partition,request_bytes,...
 *   1764553200,n1,81,0,1001,alice,physics,debug,4294967296,...
 *
 * Every figure but the VmHWM sum and the concurrent peak comes from what
 * root reads itself (Slurm's step, the memory cgroup); those two are
 * parsed from the user's records, so they are the user's word. The
 * concurrent peak came later, and the job's name after it: a file begun
 * before either has no such column, and the lines appended to it leave it
 * out (spank/site/site_line.h). */
#ifndef HEAPLINE_COMMON_SITE_FORMAT_H
#define HEAPLINE_COMMON_SITE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "columns.h"

#define HL_SITE_COLUMNS(X)                                                     \
    X(end, "end", INT, 0, "when the node's last task ended, Unix seconds")     \
    X(host, "host", TEXT, 0, "the node")                                       \
    X(job, "job", COUNT, 0, "the job id")                                      \
    X(step, "step", COUNT, 0, "the step id")                                   \
    X(uid, "uid", COUNT, 0, "the job's user id")                               \
    X(user, "user", TEXT, 0, "its name, empty where the node knows none")      \
    X(account, "account", TEXT, 0, "the job's account, as its step said")      \
    X(partition, "partition", TEXT, 0, "the job's partition, the same way")    \
    X(request, "request_bytes", COUNT, HL_COL_EMPTY,                           \
      "the step's memory on this node, as Slurm allocated it")                 \
    X(cgroup_peak, "cgroup_peak_bytes", COUNT, HL_COL_EMPTY,                   \
      "the step's true high-water mark on the node (memory cgroup)")           \
    X(vmhwm_sum, "vmhwm_sum_bytes", COUNT, HL_COL_EMPTY,                       \
      "the sum of its records' VmHWM on the node, the user's word")            \
    X(oom_kills, "oom_kills", COUNT, HL_COL_EMPTY,                             \
      "how many of its processes the OOM killer ended")                        \
    X(tasks, "tasks", COUNT, 0, "the step's tasks on the node")                \
    X(elapsed, "elapsed", MS, 0,                                               \
      "from the step's start on the node to its end")                          \
    X(concurrent_peak, "concurrent_peak_bytes", COUNT,                         \
      HL_COL_OPTIONAL | HL_COL_EMPTY,                                          \
      "the largest sum at one moment of its records' RSS timelines")           \
    X(job_name, "job_name", TEXT, HL_COL_OPTIONAL | HL_COL_LATER,              \
      "the job's name, as its step said")

#define HL_SITE_ENUM(member, ...) HL_SITE_##member,
HL_FORMAT_TYPES(hl_site_row, HL_SITE_COLUMNS, HL_SITE_ENUM, HL_SITE_NCOLUMNS);

extern const struct hl_format hl_site_format;

/* The largest figures a line may hold; a line past them is refused as
 * forged or broken: 1 PiB of memory on one node, a million tasks, ten
 * years of run time; job and step ids are Slurm's, of 32 bits; a name
 * holds 255 bytes at most. */
#define HL_SITE_MAX_BYTES (UINT64_C(1) << 50)
#define HL_SITE_MAX_TASKS 1000000u
#define HL_SITE_MAX_TEXT 255
#define HL_SITE_MAX_ELAPSED_MS (INT64_C(10) * 366 * 86400 * 1000)

/* The first column of row past its bounds, or -1 when it has none. */
int hl_site_row_check(const struct hl_site_row *row);

/* A line's use of memory on its node, from the best figure it has: the
 * true peak (cgroup), else the concurrent peak, else the VmHWM sum; false
 * when it has none. */
bool hl_site_row_use(const struct hl_site_row *row, uint64_t *use);

/* The file of node for the UTC day of when, NODE-YYYY-MM-DD.csv; -1 when
 * the node's name cannot be a file name (empty, a '/', a leading '.') or
 * out is small. */
int hl_site_file_name(const char *node, int64_t when, char *out,
                      size_t out_size);

#endif

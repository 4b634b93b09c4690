/* The node file of a Slurm step, node-NAME.csv beside the records: what
 * the step's memory cgroup on that node says once its tasks have ended.
 * The SPANK plugin writes it, heapline-report reads it (doc/format.md).
 *
 *   # heapline node 1
 *   host,cgroup_peak_bytes,mem_limit_bytes,oom_kills
 *   n1,367001600,1073741824,0 */
#ifndef HEAPLINE_COMMON_NODE_FORMAT_H
#define HEAPLINE_COMMON_NODE_FORMAT_H

#include "columns.h"

#define HL_NODE_COLUMNS(X)                                                     \
    X(host, "host", TEXT, 0, "the node")                                       \
    X(cgroup_peak, "cgroup_peak_bytes", COUNT, HL_COL_EMPTY,                   \
      "the step's true high-water mark on the node")                           \
    X(mem_limit, "mem_limit_bytes", COUNT, HL_COL_EMPTY,                       \
      "the step's memory limit there")                                         \
    X(oom_kills, "oom_kills", COUNT, HL_COL_EMPTY,                             \
      "how many of its processes the OOM killer ended")

#define HL_NODE_ENUM(member, ...) HL_NODE_##member,
HL_FORMAT_TYPES(hl_node_row, HL_NODE_COLUMNS, HL_NODE_ENUM, HL_NODE_NCOLUMNS);

extern const struct hl_format hl_node_format;

/* The largest node file a reader takes, with room for a row per task. */
#define HL_NODE_MAX_BYTES (1024 * 1024)

#endif

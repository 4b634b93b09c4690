/*
 * The node file of a step, node-NAME.csv beside the records: what the
 * step's memory cgroup on that node says once its tasks have ended.
 * doc/admin.md describes it:
 *
 *   # heapline node 1
 *   host,cgroup_peak_bytes,mem_limit_bytes,oom_kills
 *   n1,367001600,1073741824,0
 *
 * An empty field is a figure the kernel did not give (no limit, or a
 * kernel without an OOM kill count). Readers find columns by name.
 */
#ifndef HL_SPANK_NODE_FILE_H
#define HL_SPANK_NODE_FILE_H

#include <stddef.h>

#include "mem_cgroup.h"

/* The file name for node; -1 if out is too small. */
int hl_node_file_name(const char *node, char *out, size_t out_size);

/* The file's text; -1 if out is too small. */
int hl_node_file_format(const char *node,
                        const struct hl_mem_cgroup_figures *fig, char *out,
                        size_t out_size);

#endif

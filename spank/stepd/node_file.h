/*
 * The node file of a step, node-NAME.csv beside the records: what the
 * step's memory cgroup on that node says once its tasks have ended. Its
 * columns are common/node_format.h's; an empty field is a figure the
 * kernel did not give (no limit, or a kernel without an OOM kill count).
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

/* The node's row alone, values and newline, for a merged node file
 * (merge.h); -1 if out is too small. */
int hl_node_file_row(const char *node, const struct hl_mem_cgroup_figures *fig,
                     char *out, size_t out_size);

#endif

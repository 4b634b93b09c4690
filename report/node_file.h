/* Parsing of a node file, node-NAME.csv, which the SPANK plugin writes
 * beside the records where the step ran in a memory cgroup (doc/admin.md):
 *   # heapline node 1
 *   host,cgroup_peak_bytes,mem_limit_bytes,oom_kills
 *   n1,308084736,1073741824,0 */
#ifndef HEAPLINE_NODE_FILE_H
#define HEAPLINE_NODE_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "procs.h"

/* Whether the file held in buf[0..len) claims to be a node file. */
bool hl_is_node_file(const char *buf, size_t len);

/* Adds the file's nodes to set. On a fault it adds nothing, writes what is
 * wrong into err (one line, no file name) and returns -1. */
int hl_parse_node_file(const char *buf, size_t len, struct hl_procset *set,
                       char *err, size_t errlen);

#endif

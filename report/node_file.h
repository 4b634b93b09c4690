/* Reading a node file, node-NAME.csv (common/node_format.h), which the
 * SPANK plugin writes beside the records where the step ran in a memory
 * cgroup. */
#ifndef HEAPLINE_REPORT_NODE_FILE_H
#define HEAPLINE_REPORT_NODE_FILE_H

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

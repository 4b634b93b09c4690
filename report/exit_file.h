/* Reading a task's exit file, task-T.exit (common/exit_format.h), which
 * the SPANK plugin writes beside the records when a task ends. */
#ifndef HEAPLINE_REPORT_EXIT_FILE_H
#define HEAPLINE_REPORT_EXIT_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "procs.h"

/* Whether the file held in buf[0..len) claims to be an exit file. */
bool hl_is_exit_file(const char *buf, size_t len);

/* Adds the file's task exits to set. On a fault it adds nothing, writes
 * what is wrong into err (one line, no file name) and returns -1. */
int hl_parse_exit_file(const char *buf, size_t len, struct hl_procset *set,
                       char *err, size_t errlen);

#endif

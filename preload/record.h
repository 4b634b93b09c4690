/* The record of a normal end: format 1 (common/record_format.h), one CSV
 * file per process, see doc/format.md. */
#ifndef HEAPLINE_RECORD_H
#define HEAPLINE_RECORD_H

#include "counters.h"

#include <stdint.h>
#include <sys/types.h>

/* Writes the record to the expanded HEAPLINE_OUTPUT path. If that fails it
 * says so in one line on stderr; the program is not disturbed. */
void hl_record_write(const struct hl_figures *f, int64_t elapsed_ns, pid_t pid);

#endif

/* Reading the record files (common/record_format.h) into the report's
 * processes, and back. */
#ifndef HEAPLINE_REPORT_RECORD_H
#define HEAPLINE_REPORT_RECORD_H

#include <stddef.h>

#include "procs.h"
#include "record_format.h"

/* Parses the whole file held in buf[0..len) and adds its processes to set.
 * On a fault it adds nothing, writes what is wrong into err (one line, no
 * file name) and returns -1. */
int hl_parse_record(const char *buf, size_t len, struct hl_procset *set,
                    char *err, size_t errlen);

/* The record's columns of process p, as the report holds them (texts point
 * into set). */
void hl_proc_to_record(const struct hl_procset *set, const struct hl_proc *p,
                       struct hl_record_row *r);

#endif

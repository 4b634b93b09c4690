/* Reading the files of a step's folder into the report's processes
 * (procs.h), through common/'s formats: the library's records, and the
 * plugin's exit files and node files. */
#ifndef HEAPLINE_REPORT_READ_FILES_H
#define HEAPLINE_REPORT_READ_FILES_H

#include <stddef.h>

#include "job/model/procs.h"
#include "record_format.h"

/* Adds the rows of one file held in buf[0..len) to set, whichever of the
 * formats it is (its first line tells; a record unless it says otherwise).
 * On a fault it adds nothing, writes what is wrong into err (one line, no
 * file name) and returns -1; but a merged node file keeps its good
 * sections, and is a fault also when the merge says something is
 * missing. */
int hl_read_file(const char *buf, size_t len, struct hl_procset *set, char *err,
                 size_t errlen);

/* The largest file of the kind that the start of a file, buf[0..len),
 * claims to be (its first line, or part of it), and that kind's name for
 * messages; 0 when it claims none: it is no file of heapline's. */
size_t hl_file_bound(const char *buf, size_t len, const char **kind);

/* The record's columns of process p, as the report holds them (texts point
 * into set, which keeps the counts: not drop_counts). */
void hl_proc_to_record(const struct hl_procset *set, const struct hl_proc *p,
                       struct hl_record_row *r);

#endif

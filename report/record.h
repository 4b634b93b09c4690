/* Parsing of one heapline record file (DESIGN.md, "format 1"). */
#ifndef HEAPLINE_RECORD_H
#define HEAPLINE_RECORD_H

#include <stddef.h>

#include "procs.h"

/* The newest record format this reader understands. */
#define HL_RECORD_FORMAT 1

/* Parses the whole file held in buf[0..len) and adds its processes to set.
 * On a fault it adds nothing, writes what is wrong into err (one line, no
 * file name) and returns -1. */
int hl_parse_record(const char *buf, size_t len, struct hl_procset *set,
                    char *err, size_t errlen);

#endif

/* The record of a normal end: format 1 (common/record_format.h), one CSV
 * file per process, see doc/format.md. */
#ifndef HEAPLINE_RECORD_H
#define HEAPLINE_RECORD_H

#include "alloc/counters.h"
#include "procstatus.h"
#include "callsites/callsites_peak.h"
#include "timeline_text.h"

#include <stdint.h>
#include <sys/types.h>

/* More than any record's text, the provisional one included: the sites
 * fields and the timeline at their widest, and 2 KiB for the rest (a host
 * and a program name of 255 bytes each, every figure at its widest). */
#define HL_RECORD_TEXT_MAX                                                     \
    (HL_CALLSITES_FIELD + HL_MODULES_FIELD + HL_TIMELINE_FIELD + 2048)

/* At start: says at once (the one warning of record_write) when the
 * folder of the record's path is missing, or when the path names a
 * folder (a record is a file), so that a long run is not measured for
 * nothing; the program runs on. */
void hl_record_check_folder(void);

/* Writes the record to its path (output_path.h), replacing the provisional
 * one in a single rename, or to the stream HEAPLINE_OUTPUT names. If that
 * fails it says so in one line on stderr, unless it said so at start; the
 * program is not disturbed.
 * mem: VmHWM and VmRSS at the end. */
void hl_record_write(const struct hl_figures *f, const struct hl_memory *mem,
                     int64_t elapsed_ns, pid_t pid);

#endif

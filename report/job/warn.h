/* One line on stderr per input that could not be used:
 * "heapline-report: PATH: what is wrong", and the notes about inputs that
 * were used in part: "heapline-report: note: ...". Both escape what comes
 * from files (escape.h). */
#ifndef HEAPLINE_REPORT_WARN_H
#define HEAPLINE_REPORT_WARN_H

#define HL_PROGRAM "heapline-report"

__attribute__((format(printf, 2, 3))) void hl_warn(const char *path,
                                                   const char *fmt, ...);

/* fmt's arguments are the report's own words or names already escaped. */
__attribute__((format(printf, 1, 2))) void hl_note(const char *fmt, ...);

#endif

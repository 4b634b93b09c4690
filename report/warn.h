/* One line on stderr per input that could not be used:
 * "heapline-report: PATH: what is wrong". */
#ifndef HEAPLINE_REPORT_WARN_H
#define HEAPLINE_REPORT_WARN_H

#define HL_PROGRAM "heapline-report"

__attribute__((format(printf, 2, 3))) void hl_warn(const char *path,
                                                   const char *fmt, ...);

#endif

/* The library's own variables, read once at start:
 *   HEAPLINE_OUTPUT  record path, with pattern letters (see output_path.h),
 *                    or a stream (see record_stream.h)
 *   HEAPLINE_QUIET   set to anything but "" or "0": no summary line */
#ifndef HEAPLINE_SETTINGS_H
#define HEAPLINE_SETTINGS_H

#include <limits.h>

struct hl_settings {
    int quiet;
    int output_too_long;
    int output_fd;         /* 1 or 2: the record to that stream; output is "" */
    char output[PATH_MAX]; /* absolute pattern, or "" for no record */
};

extern struct hl_settings hl_settings;

void hl_settings_load(void);

#endif

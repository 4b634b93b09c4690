/* The library's own variables, read once at start:
 *   HEAPLINE_OUTPUT  record path, with pattern letters (see pattern.h)
 *   HEAPLINE_QUIET   set to anything but "" or "0": no summary line */
#ifndef HEAPLINE_SETTINGS_H
#define HEAPLINE_SETTINGS_H

#include <limits.h>

struct hl_settings {
    int quiet;
    int output_too_long;
    char output[PATH_MAX]; /* absolute pattern, or "" for no record */
};

extern struct hl_settings hl_settings;

void hl_settings_load(void);

#endif

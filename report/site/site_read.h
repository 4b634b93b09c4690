/* Reading a site folder (common/site_format.h): each file NODE-DAY.csv
 * mapped and read line by line; a bad line is named on stderr and skipped,
 * the others still read. Memory does not grow with the files' size. */
#ifndef HEAPLINE_REPORT_SITE_READ_H
#define HEAPLINE_REPORT_SITE_READ_H

#include <stdbool.h>
#include <stdint.h>

#include "site_format.h"

/* Which lines are wanted. */
struct hl_site_filter {
    int64_t since, until; /* end in [since, until) */
    bool one_uid;         /* only the lines of uid */
    uint64_t uid;
};

/* Receives each good line in the filter: 0, or -1 when memory ran out. */
typedef int (*hl_site_line_fn)(void *ctx, const struct hl_site_row *row);

struct hl_site_reading {
    uint64_t files, lines; /* read, and lines handed on */
    uint64_t problems;     /* files and lines skipped, each named */
    bool nomem;
};

/* Reads every site file directly in dir; a file or line skipped is one
 * line on stderr. Returns 0, or -1 when dir cannot be read at all (said). */
int hl_site_read_dir(const char *dir, const struct hl_site_filter *filter,
                     hl_site_line_fn fn, void *ctx,
                     struct hl_site_reading *reading);

/* The day a file name ends with (NAME-YYYY-MM-DD.csv), as the Unix time of
 * its midnight UTC; -1 when the name is not a site file's. */
int hl_site_file_day(const char *name, int64_t *day);

#endif

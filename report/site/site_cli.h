/* The options of heapline-site, the site's view of every measured step
 * (doc/heapline-site.1). */
#ifndef HEAPLINE_REPORT_SITE_CLI_H
#define HEAPLINE_REPORT_SITE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HL_SITE_PROGRAM "heapline-site"
#define HL_SITE_DEFAULT_TOP 10

enum hl_site_out {
    HL_SITE_OUT_TEXT,
    HL_SITE_OUT_JSON,
    HL_SITE_OUT_CSV,
    HL_SITE_OUT_HTML,
    HL_SITE_OUT_OPENMETRICS
};

struct hl_site_options {
    char **dirs;
    int ndirs;
    int64_t since, until; /* the period [since, until), Unix seconds */
    size_t top;           /* the jobs that wasted most, how many */
    bool all_users;       /* else a user other than root sees their own */
    enum hl_site_out out;
    unsigned cover;     /* the share advice covers, hundredths of a percent */
    const char *notes;  /* the folder of the users' notes to make, or NULL */
    const char *output; /* the file to replace with the report, or NULL */
};

/* Returns -1 to go on, else the exit status (0 after --help). */
int hl_site_parse_cli(int argc, char **argv, struct hl_site_options *opt);

/* A share as --cover takes it: "95%", "95" or "99.5%", above 0 and at
 * most 100, two decimals at most. Returns 0 and sets *out (hundredths of
 * a percent), or -1. */
int hl_site_parse_cover(const char *s, unsigned *out);

/* A time as --since takes it: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], UTC.
 * Returns 0 and sets *out, or -1. */
int hl_site_parse_time(const char *s, int64_t *out);

#endif

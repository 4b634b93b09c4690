/* Where heapline-site writes its report: stdout, or a file replaced
 * whole (--output): written under a new hidden name in the file's own
 * folder, then renamed over it, so that a reader (node_exporter's
 * textfile collector) sees the old file or the new one, never a part. */
#ifndef HEAPLINE_REPORT_SITE_OUTPUT_H
#define HEAPLINE_REPORT_SITE_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

struct hl_site_output {
    FILE *f;
    const char *path;   /* NULL: stdout */
    char tmp[4096 + 8]; /* the hidden name, while written */
};

/* Opens path, or stdout when path is NULL: 0, or -1 (said on stderr). */
int hl_site_output_open(struct hl_site_output *o, const char *path);

/* Ends the report: flushed, and with a path, renamed over it when written
 * whole, else removed. 0, or -1 (said on stderr). */
int hl_site_output_close(struct hl_site_output *o);

#endif

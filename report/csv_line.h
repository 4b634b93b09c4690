/* Lines and comma-separated fields of the small CSV files heapline writes
 * (records, exit and node files): no quoting, one header line of names. */
#ifndef HEAPLINE_CSV_LINE_H
#define HEAPLINE_CSV_LINE_H

#include <stdbool.h>
#include <stddef.h>

/* More fields than any format will have; a line beyond it is not ours. */
#define HL_CSV_MAX_FIELDS 256

struct hl_field {
    const char *s;
    size_t len;
};

struct hl_cursor {
    const char *p, *end;
    unsigned line;
};

/* Cuts the next line (without its "\r\n" or "\n"); false at the end of the
 * buffer or when the last line has no newline (a file cut short while being
 * written), which sets *cut. */
bool hl_csv_next_line(struct hl_cursor *c, const char **s, size_t *len,
                      bool *cut);

/* Splits a line at its commas into f, which holds HL_CSV_MAX_FIELDS + 1
 * fields; returns the count, HL_CSV_MAX_FIELDS + 1 when there are more. */
size_t hl_csv_split(const char *s, size_t len, struct hl_field *f);

/* Whether field f is the name. */
bool hl_csv_is(const struct hl_field *f, const char *name);

/* Maps the header line s[0..len) onto names[0..ncolumns): pos[c] is the
 * field that holds column c, -1 when absent; columns the reader does not
 * know are ignored. The first nrequired names must all be there. On error,
 * err reads "not a heapline KIND (...)" and -1 is returned. */
int hl_csv_map_header(const char *s, size_t len, const char *const *names,
                      int ncolumns, int nrequired, const char *kind, int *pos,
                      size_t *nfields, char *err, size_t errlen);

#endif

/* Reading a file of one of the formats (columns.h) whole from a buffer, as
 * heapline-report does: its rows come one by one as the format's struct.
 * A file is untrusted input: every field is checked against its type. */
#ifndef HEAPLINE_COMMON_FORMAT_READ_H
#define HEAPLINE_COMMON_FORMAT_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "columns.h"

/* What a row function returns: HL_ROW_GOOD, HL_ROW_NOMEM, or the column
 * whose value it refuses. */
#define HL_ROW_GOOD (-1)
#define HL_ROW_NOMEM (-2)
typedef int (*hl_row_fn)(void *ctx, const void *row);

/* Whether buf starts with the format's magic (its first line, less the
 * version number). */
bool hl_format_claims(const struct hl_format *f, const char *buf, size_t len);

/* Reads buf[0..len): the magic line, the header (columns found by name,
 * names the format does not know skipped, each column not optional
 * required), then each row, parsed into *row (the format's struct; its
 * text members point into memory that lasts until the next row; an empty
 * text is "", never NULL; a column absent or empty has its HL_EMPTY bit)
 * and handed to on_row. Returns 0, or -1 with one line in err, no file
 * name: what is wrong, and on which line. Rows handed before a fault are
 * the caller's to drop. */
int hl_format_read(const struct hl_format *f, const char *buf, size_t len,
                   void *row, hl_row_fn on_row, void *ctx, char *err,
                   size_t errlen);

/* Receives what is wrong with one row, as hl_format_read would say it. */
typedef void (*hl_bad_fn)(void *ctx, const char *what);

/* As hl_format_read, but a row that is refused (on_row refusing it too)
 * goes to on_bad and the rows after it are still read: for files that
 * grow line by line, where one bad line must not hide the others. -1 only
 * when the file as a whole is not one of the format (magic, header), is
 * cut short, or memory runs out. */
int hl_format_read_each(const struct hl_format *f, const char *buf, size_t len,
                        void *row, hl_row_fn on_row, hl_bad_fn on_bad,
                        void *ctx, char *err, size_t errlen);

/* A section of a file that holds several (a merged node file): its data
 * end before the first record, after its first, that starts with stop;
 * used and lines say where it ended. */
struct hl_section {
    const char *stop;
    size_t used;    /* its bytes */
    unsigned lines; /* its lines */
};

/* As hl_format_read, on the section that starts buf[0..len), in the same
 * pass that finds its end (sec->used, sec->lines), even on a fault. */
int hl_format_read_section(const struct hl_format *f, const char *buf,
                           size_t len, struct hl_section *sec, void *row,
                           hl_row_fn on_row, void *ctx, char *err,
                           size_t errlen);

#endif

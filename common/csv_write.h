/* CSV fields as RFC 4180 writes them, into a struct hl_buf: no allocation,
 * no stdio, so that the library's exit path can use it. */
#ifndef HEAPLINE_COMMON_CSV_WRITE_H
#define HEAPLINE_COMMON_CSV_WRITE_H

#include "buf.h"

/* Writes s as one field: as it is, or between double quotes (each quote
 * doubled) when it holds a comma, a quote, a CR or a LF. */
void hl_csv_put_text(struct hl_buf *b, const char *s);

#endif

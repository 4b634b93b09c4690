/* One data record of a format (columns.h) parsed into the format's
 * struct, each field checked against its column's type: in one pass,
 * each field found as it is parsed, when none is quoted (a million
 * records' rows are); else split first (csv_read.h). For format_read.c. */
#ifndef HEAPLINE_COMMON_ROW_READ_H
#define HEAPLINE_COMMON_ROW_READ_H

#include <stddef.h>

#include "columns.h"
#include "csv_read.h"

/* Where a row's texts are copied, NUL-terminated: on the stack, or for a
 * long row on the heap. */
struct hl_row_texts {
    char *buf;
    size_t cap, len;
    char local[1024];
};

void hl_row_texts_init(struct hl_row_texts *t);
void hl_row_texts_free(struct hl_row_texts *t);

/* How the fields of a header map to the format's columns. */
struct hl_row_plan {
    const struct hl_format *f;
    const int *pos;                  /* pos[c]: column c's field, or -1 */
    size_t nfields;                  /* the header's */
    int column[HL_CSV_MAX_FIELDS];   /* of each field; -1: not one */
    unsigned absent[HL_MAX_COLUMNS]; /* the columns the header lacks */
    unsigned nabsent;
};

void hl_row_plan_init(struct hl_row_plan *plan, const struct hl_format *f,
                      const int *pos, size_t nfields);

/* The record s[0..len) into row (its texts into t): HL_ROW_GOOD,
 * HL_ROW_NOMEM, or its first bad column (format_read.h). *fields: how
 * many it has, or HL_CSV_BAD_QUOTES; when that is not the header's count,
 * the record is refused for it, whatever its values. */
int hl_row_parse(const struct hl_row_plan *plan, const char *s, size_t len,
                 struct hl_row_texts *t, void *row, size_t *fields);

#endif

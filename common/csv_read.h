/* Records and fields of the CSV files heapline writes, as RFC 4180 reads
 * them: a field between double quotes may hold commas, doubled quotes and
 * line breaks; a quote inside an unquoted field is kept as it is (files
 * of older versions wrote a host name unquoted). No allocation, no stdio:
 * the library reads the head of a record with it (preload/record/
 * path_owner.c). */
#ifndef HEAPLINE_COMMON_CSV_READ_H
#define HEAPLINE_COMMON_CSV_READ_H

#include <stdbool.h>
#include <stddef.h>

/* More fields than any format will have; a line beyond it is not ours. */
#define HL_CSV_MAX_FIELDS 256

/* What hl_csv_split returns for a quoted field not closed as it should. */
#define HL_CSV_BAD_QUOTES ((size_t)-1)

/* A field: s[0..len) is its text, or for a quoted field the text between
 * the quotes, each quote in it still doubled. */
struct hl_field {
    const char *s;
    size_t len;
    bool quoted;
};

struct hl_cursor {
    const char *p, *end;
    unsigned line;  /* the line the last record returned starts on */
    unsigned lines; /* lines passed */
};

/* Cuts the next record (without its "\r\n" or "\n"), a line unless a
 * quoted field spans several; false at the end of the buffer or when the
 * last record has no newline (a file cut short while being written),
 * which sets *cut. */
bool hl_csv_next_record(struct hl_cursor *c, const char **s, size_t *len,
                        bool *cut);

/* Splits a record into f, which holds HL_CSV_MAX_FIELDS + 1 fields;
 * returns the count, HL_CSV_MAX_FIELDS + 1 when there are more, or
 * HL_CSV_BAD_QUOTES. */
size_t hl_csv_split(const char *s, size_t len, struct hl_field *f);

/* Field i of the record that starts at s, which may be cut short after
 * it (the head of a file): where the field stops (its comma, or end), or
 * NULL when the record has no field i or a quote before it is not closed
 * as it should be. */
const char *hl_csv_field_at(const char *s, const char *end, unsigned i,
                            struct hl_field *f);

/* The end of the unquoted field that starts at p: the next comma, or end;
 * *nul tells whether a NUL byte comes before it. */
const char *hl_csv_field_end(const char *p, const char *end, bool *nul);

/* Whether field f is the name (which holds no quote). */
bool hl_csv_is(const struct hl_field *f, const char *name);

/* Copies the field's text into out (at most f->len bytes), quotes no
 * longer doubled; returns its length. */
size_t hl_csv_unquote(const struct hl_field *f, char *out);

#endif

/* Writing a file of one of the formats (columns.h) from its struct of
 * values, into a struct hl_buf: no allocation, no stdio, no lock, small
 * frames, so that the library's exit path and its allocator path can use
 * it. */
#ifndef HEAPLINE_COMMON_FORMAT_WRITE_H
#define HEAPLINE_COMMON_FORMAT_WRITE_H

#include "columns.h"
#include "buf.h"

#include <stdbool.h>
#include <stddef.h>

/* Widths of a live figure in the provisional form, so that rewriting one
 * never moves another: 20 digits hold any uint64_t; seconds have 11 digits
 * before the point (over 3,000 years). */
#define HL_FIXED_COUNT_WIDTH 20
#define HL_FIXED_MS_WIDTH 15

/* The header line's names, comma-separated, without a newline: every
 * column but those with a flag in omit. */
void hl_format_write_names(struct hl_buf *b, const struct hl_format *f,
                           unsigned omit);

/* The fields of row (a pointer to the format's struct) the same way. */
void hl_format_write_values(struct hl_buf *b, const struct hl_format *f,
                            const void *row, unsigned omit);

/* The file's first two lines, each ending with a newline: the magic line
 * ("# heapline exit 1") and the names, but those with a flag in omit. */
void hl_format_write_head(struct hl_buf *b, const struct hl_format *f,
                          unsigned omit);

/* Whether s[0..len) is the magic line of the format's version that this
 * code writes, without its newline. */
bool hl_format_is_magic_line(const struct hl_format *f, const char *s,
                             size_t len);

/* The whole file: the magic line, the names, the values, each line ending
 * with a newline. */
void hl_format_write(struct hl_buf *b, const struct hl_format *f,
                     const void *row, unsigned omit);

/* The provisional form of the whole file: every column but those with a
 * flag in omit, and the live ones (HL_COL_LIVE: COUNT or MS) at their
 * fixed width, zero-padded; column c starts at offset[c] of the text. */
void hl_format_write_fixed(struct hl_buf *b, const struct hl_format *f,
                           const void *row, size_t *offset, unsigned omit);

/* Rewrites the live figures of text, made by hl_format_write_fixed with
 * these offsets, from row, for the live columns whose HL_EMPTY bit is set
 * in columns: only the bytes of those figures change, and two writers can
 * share a text, each with its own columns. */
void hl_format_put_columns(char *text, const struct hl_format *f,
                           const size_t *offset, const void *row,
                           uint64_t columns);

#endif

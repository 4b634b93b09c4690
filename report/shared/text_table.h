/* Columns for the text report: left-aligned, each padded to its widest
 * cell, two spaces apart, after a one-space indent. */
#ifndef HEAPLINE_REPORT_TEXT_TABLE_H
#define HEAPLINE_REPORT_TEXT_TABLE_H

#include <stddef.h>
#include <stdio.h>

#define HL_TABLE_MAX_COLUMNS 12

struct hl_table {
    size_t ncols;
    size_t ncells;
    char *text; /* the cells, each ending in '\0' */
    size_t len, cap;
    size_t *start; /* cell -> position in text */
    size_t start_cap;
    int failed; /* out of memory: print nothing */
};

void hl_table_init(struct hl_table *t, size_t ncols);

/* Adds the next cell, row by row; an empty cell is "". */
__attribute__((format(printf, 2, 3))) void hl_table_cell(struct hl_table *t,
                                                         const char *fmt, ...);

/* Prints the rows; trailing empty cells and the last cell's padding are
 * left out, so no line ends in spaces. Frees the table. */
void hl_table_print(struct hl_table *t, FILE *out);

#endif

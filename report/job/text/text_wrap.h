/* Paragraphs of the text report, folded at word boundaries. */
#ifndef HEAPLINE_REPORT_TEXT_WRAP_H
#define HEAPLINE_REPORT_TEXT_WRAP_H

#include <stdio.h>

#define HL_TEXT_WIDTH 79

/* Prints the paragraph text folded to lines of at most HL_TEXT_WIDTH
 * columns (a longer word gets a line of its own). */
void hl_print_wrapped(FILE *out, const char *text);

#endif

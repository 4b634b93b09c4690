/* A figure the report computes as a double, as the column kinds of
 * common/columns.h with decimals hold it (CENTI, MICRO): a whole number
 * of 10^-digits, rounded as printf rounds, so that the CSV outputs, which
 * write it from their column tables, say what the text and the JSON,
 * which print the double with "%.*f", say. */
#ifndef HEAPLINE_REPORT_FIXED_OF_H
#define HEAPLINE_REPORT_FIXED_OF_H

#include <stdint.h>

/* v in units of 10^-digits (digits 1 to 9), rounded to the nearest, ties
 * to even, as "%.*f" writes it; 0 for a v that is not above 0, INT64_MAX
 * for one past it. */
int64_t hl_fixed_of(double v, int digits);

#endif

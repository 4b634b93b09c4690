/* Node names in the order people expect: n2 before n10. */
#ifndef HEAPLINE_REPORT_NATURAL_ORDER_H
#define HEAPLINE_REPORT_NATURAL_ORDER_H

/* Like strcmp, but runs of digits compare by their value. */
int hl_natural_cmp(const char *a, const char *b);

#endif

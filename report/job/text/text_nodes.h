/* The text report's node section: each node's figures and verdict. */
#ifndef HEAPLINE_REPORT_TEXT_NODES_H
#define HEAPLINE_REPORT_TEXT_NODES_H

#include <stdio.h>

#include "job/report.h"

/* Prints the section, or returns -1 when memory runs out. Up to r->top
 * nodes: all of them in their natural order when they fit, else the
 * nodes over the request first, then the largest, and a line for the
 * others. */
int hl_print_text_nodes(FILE *out, const struct hl_report *r);

#endif

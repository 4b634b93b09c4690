/* Text from files (host names, job ids, program names) into HTML and SVG:
 * what would end an element or an attribute becomes an entity, and what
 * XML cannot hold becomes U+FFFD, so that a host named "<n1>" or a byte
 * of a broken file shows as text and the SVG stays well-formed XML. */
#ifndef HEAPLINE_REPORT_HTML_ESCAPE_H
#define HEAPLINE_REPORT_HTML_ESCAPE_H

#include <stdio.h>

/* Writes s with & < > " ' as entities, control characters (C0 but tab
 * and line feed, DEL, C1) and bytes that are not UTF-8 as U+FFFD. */
void hl_html_str(FILE *out, const char *s);

/* printf into a buffer, then hl_html_str: for sentences that hold names. */
void hl_html_printf(FILE *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A sentence as a paragraph of id and class cls (NULL: none), escaped;
 * nothing when it is empty. */
void hl_html_para(FILE *out, const char *id, const char *cls,
                  const char *sentence);

/* A table cell of class cls (NULL: none) holding text, escaped. */
void hl_html_cell(FILE *out, const char *cls, const char *text);

#endif

/* Text from files into JSON, for both programs' JSON outputs. */
#ifndef HEAPLINE_REPORT_JSON_STR_H
#define HEAPLINE_REPORT_JSON_STR_H

#include <stdio.h>

/* Writes s as a JSON string: quotes and backslashes escaped, control
 * characters as \u00XX, and each byte that is not part of well-formed
 * UTF-8 as \ufffd, so that a host name in Latin-1 still makes valid
 * JSON. */
void hl_json_str(FILE *out, const char *s);

#endif

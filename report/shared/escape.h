/* Text from files (host names, job ids, file names, sacct's answers) as
 * the report shows it to people: control characters escaped as `ls -b`
 * escapes them, so that a record cannot send escape sequences to the
 * terminal of whoever reads the report. */
#ifndef HEAPLINE_REPORT_ESCAPE_H
#define HEAPLINE_REPORT_ESCAPE_H

#include <stddef.h>

#include "shared/strpool.h"

/* Writes s into out[0..cap) (always ending in '\0' when cap > 0), each
 * backslash doubled, \a \b \t \n \v \f \r as such, every other control
 * character (C0, DEL, C1) and every byte that is not part of valid UTF-8
 * as \ooo (octal); printable text, UTF-8 included, as it is. Returns the
 * length of the whole escaped text, which may exceed cap - 1. */
size_t hl_escape(const char *s, char *out, size_t cap);

/* hl_escape into a new string (malloc), or NULL when memory runs out. */
char *hl_escape_dup(const char *s);

/* to: the strings of from escaped, each under the same id (escaping keeps
 * distinct strings distinct). Returns 0, or -1 when memory runs out. */
int hl_escape_pool(const struct hl_strpool *from, struct hl_strpool *to);

#endif

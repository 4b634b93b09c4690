/* UTF-8 as the outputs check it: text from files (host names, job ids,
 * program names) may hold any bytes, and JSON and XML must hold none but
 * well-formed UTF-8. */
#ifndef HEAPLINE_REPORT_UTF8_H
#define HEAPLINE_REPORT_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The length of the well-formed UTF-8 sequence that starts s (RFC 3629: no
 * overlong form, no surrogate, nothing past U+10FFFF), its code point in
 * *code; 0 when s starts none. */
size_t hl_utf8_next(const unsigned char *s, uint32_t *code);

#endif

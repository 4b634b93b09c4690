/* Text built in a caller's fixed buffer, with no allocation and no stdio,
 * so that the library's exit path can run however the process ends. */
#ifndef HEAPLINE_COMMON_BUF_H
#define HEAPLINE_COMMON_BUF_H

#include <stddef.h>
#include <stdint.h>

struct hl_buf {
    char *data;
    size_t len, cap; /* cap counts the terminating NUL */
    int overflow;    /* something did not fit */
};

void hl_buf_init(struct hl_buf *b, char *data, size_t cap);
void hl_buf_mem(struct hl_buf *b, const char *s, size_t n);
void hl_buf_str(struct hl_buf *b, const char *s);
void hl_buf_char(struct hl_buf *b, char c);
void hl_buf_u64(struct hl_buf *b, uint64_t v);
void hl_buf_i64(struct hl_buf *b, int64_t v);
/* value / 10^digits with digits decimals (1 to 9) as "%.*f" would write
 * it, always with '.': milliseconds as seconds with digits 3. A negative
 * value is written 0 (0.000). */
void hl_buf_fixed(struct hl_buf *b, int64_t value, int digits);

/* s into out (cap bytes), whole or not at all: "" when it does not fit. */
void hl_buf_copy(char *out, size_t cap, const char *s);

#endif

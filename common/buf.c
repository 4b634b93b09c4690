#include "buf.h"

#include <string.h>

void hl_buf_init(struct hl_buf *b, char *data, size_t cap)
{
    b->data = data;
    b->len = 0;
    b->cap = cap;
    b->overflow = 0;
    if (cap)
        data[0] = '\0';
}

void hl_buf_mem(struct hl_buf *b, const char *s, size_t n)
{
    if (b->overflow || b->len + n + 1 > b->cap) {
        b->overflow = 1;
        return;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void hl_buf_str(struct hl_buf *b, const char *s)
{
    hl_buf_mem(b, s, strlen(s));
}

void hl_buf_char(struct hl_buf *b, char c)
{
    hl_buf_mem(b, &c, 1);
}

void hl_buf_u64(struct hl_buf *b, uint64_t v)
{
    char tmp[20];
    size_t n = sizeof(tmp);

    do {
        tmp[--n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    hl_buf_mem(b, tmp + n, sizeof(tmp) - n);
}

void hl_buf_i64(struct hl_buf *b, int64_t v)
{
    if (v < 0) {
        hl_buf_char(b, '-');
        hl_buf_u64(b, -(uint64_t)v);
    } else {
        hl_buf_u64(b, (uint64_t)v);
    }
}

void hl_buf_fixed(struct hl_buf *b, int64_t value, int digits)
{
    uint64_t v = value > 0 ? (uint64_t)value : 0;
    char frac[9];

    for (int i = digits - 1; i >= 0; i--, v /= 10)
        frac[i] = (char)('0' + v % 10);
    hl_buf_u64(b, v);
    hl_buf_char(b, '.');
    hl_buf_mem(b, frac, (size_t)digits);
}

void hl_buf_copy(char *out, size_t cap, const char *s)
{
    struct hl_buf b;

    hl_buf_init(&b, out, cap);
    hl_buf_str(&b, s);
    if (b.overflow)
        out[0] = '\0';
}

#include "callsites_text.h"

static const char _digits[] = "0123456789abcdef";

static void _hex(struct hl_buf *b, uint64_t v)
{
    char d[16];
    int n = 0;

    do
        d[n++] = _digits[v & 15];
    while (v >>= 4);
    while (n)
        hl_buf_char(b, d[--n]);
}

void hl_callsite_put_estimate(struct hl_buf *b,
                              const struct hl_callsite_estimate *e)
{
    hl_buf_u64(b, e->bytes);
    hl_buf_char(b, ':');
    hl_buf_u64(b, e->count);
    hl_buf_char(b, ':');
    hl_buf_u64(b, e->se);
    hl_buf_char(b, ':');
}

void hl_callsite_put_frame(struct hl_buf *b, unsigned i,
                           const struct hl_callsite_frame *f)
{
    if (i)
        hl_buf_char(b, ';');
    if (f->module == HL_CALLSITE_NO_MODULE)
        hl_buf_char(b, '?');
    else
        hl_buf_u64(b, f->module);
    hl_buf_char(b, '+');
    _hex(b, f->offset);
}

/* Bytes a path may hold that the field's grammar or a CSV reader would
 * take for something else are written %XX. */
static void _path(struct hl_buf *b, const char *p)
{
    for (; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c <= ' ' || c >= 0x7f || c == '%' || c == '"' || c == ',') {
            hl_buf_char(b, '%');
            hl_buf_char(b, "0123456789ABCDEF"[c >> 4]);
            hl_buf_char(b, "0123456789ABCDEF"[c & 15]);
        } else {
            hl_buf_char(b, (char)c);
        }
    }
}

void hl_callsite_put_module(struct hl_buf *b, const uint8_t *build_id,
                            unsigned len, const char *path)
{
    /* What a reader would refuse is not written. */
    if (len > HL_BUILD_ID_BYTES)
        len = 0;
    for (unsigned j = 0; j < len; j++) {
        hl_buf_char(b, _digits[build_id[j] >> 4]);
        hl_buf_char(b, _digits[build_id[j] & 15]);
    }
    hl_buf_char(b, ':');
    _path(b, path);
}

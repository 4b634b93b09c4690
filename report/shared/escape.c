#include "escape.h"

#include <stdlib.h>
#include <string.h>

struct _out {
    char *buf;
    size_t cap, len;
};

static void _put(struct _out *o, char c)
{
    if (o->len + 1 < o->cap)
        o->buf[o->len] = c;
    o->len++;
}

static void _octal(struct _out *o, unsigned char c)
{
    _put(o, '\\');
    _put(o, (char)('0' + (c >> 6)));
    _put(o, (char)('0' + ((c >> 3) & 7)));
    _put(o, (char)('0' + (c & 7)));
}

/* The length of the valid UTF-8 sequence of a character that is not a
 * control character at s, 0 when there is none. */
static size_t _utf8_printable(const unsigned char *s)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xbf;
    size_t n;

    if (c < 0xc2 || c > 0xf4)
        return 0;
    n = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    /* Overlong forms, UTF-16 surrogates and code points above U+10FFFF
     * are not UTF-8; U+0080 to U+009F are the C1 controls. */
    if (c == 0xc2)
        lo = 0xa0;
    else if (c == 0xe0)
        lo = 0xa0;
    else if (c == 0xed)
        hi = 0x9f;
    else if (c == 0xf0)
        lo = 0x90;
    else if (c == 0xf4)
        hi = 0x8f;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

size_t hl_escape(const char *s, char *out, size_t cap)
{
    static const char named[] = "\a\b\t\n\v\f\r";
    static const char letter[] = "abtnvfr";
    struct _out o = {out, cap, 0};
    const unsigned char *p = (const unsigned char *)s;

    while (*p) {
        const char *name = strchr(named, *p);
        size_t n;

        if (*p == '\\') {
            _put(&o, '\\');
            _put(&o, '\\');
            p++;
        } else if (name) {
            _put(&o, '\\');
            _put(&o, letter[name - named]);
            p++;
        } else if (*p >= 0x20 && *p < 0x7f) {
            _put(&o, (char)*p++);
        } else if (*p >= 0x80 && (n = _utf8_printable(p)) > 0) {
            while (n--)
                _put(&o, (char)*p++);
        } else {
            _octal(&o, *p++);
        }
    }
    if (cap)
        out[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}

int hl_escape_pool(const struct hl_strpool *from, struct hl_strpool *to)
{
    memset(to, 0, sizeof(*to));
    for (uint32_t id = 0; id < from->count; id++) {
        char *shown = hl_escape_dup(hl_strpool_get(from, id));
        uint32_t got =
            shown ? hl_strpool_intern(to, shown, strlen(shown)) : UINT32_MAX;

        free(shown);
        if (got != id) {
            hl_strpool_free(to);
            return -1;
        }
    }
    return 0;
}

char *hl_escape_dup(const char *s)
{
    size_t n = hl_escape(s, NULL, 0);
    char *copy = malloc(n + 1);

    if (copy)
        hl_escape(s, copy, n + 1);
    return copy;
}

/* vasprintf() */
#define _GNU_SOURCE
#include "html_escape.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>

#define _REPLACEMENT "\xef\xbf\xbd"

/* The length of the UTF-8 sequence at s that XML accepts, 0 if none. */
static size_t _utf8_len(const unsigned char *s)
{
    size_t len;
    uint32_t c;

    if (s[0] < 0x80)
        return s[0] >= 0x20 || s[0] == '\t' || s[0] == '\n';
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        len = 2, c = s[0] & 0x1f;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        len = 3, c = s[0] & 0x0f;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        len = 4, c = s[0] & 0x07;
    else
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3f);
    }
    /* Overlong forms, surrogates, U+FFFE/U+FFFF and past U+10FFFF. */
    if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
        (c >= 0xd800 && c <= 0xdfff) || c == 0xfffe || c == 0xffff ||
        c > 0x10ffff)
        return 0;
    return len;
}

void hl_html_str(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;

    while (*p) {
        size_t len = _utf8_len(p);

        switch (len ? *p : 0) {
        case 0:
            fputs(_REPLACEMENT, out);
            p++;
            continue;
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&#39;", out);
            break;
        default:
            fwrite(p, 1, len, out);
        }
        p += len;
    }
}

void hl_html_printf(FILE *out, const char *fmt, ...)
{
    char buf[1024], *text = buf;
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof(buf)) {
        va_start(ap, fmt);
        if (vasprintf(&text, fmt, ap) < 0)
            text = NULL;
        va_end(ap);
    }
    if (n < 0 || !text)
        return;
    hl_html_str(out, text);
    if (text != buf)
        free(text);
}

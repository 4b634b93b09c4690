/* vasprintf() */
#define _GNU_SOURCE
#include "html_escape.h"
#include "utf8.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>

#define _REPLACEMENT "\xef\xbf\xbd"

/* The length of the UTF-8 sequence at s that XML accepts and HTML's
 * parser takes without an error, 0 if none: no control character but tab
 * and line feed (C0, DEL and C1, which HTML counts as controls too), no
 * U+FFFE or U+FFFF. */
static size_t _xml_len(const unsigned char *s)
{
    uint32_t c;
    size_t len = hl_utf8_next(s, &c);

    if ((c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7f && c <= 0x9f) ||
        c == 0xfffe || c == 0xffff)
        return 0;
    return len;
}

void hl_html_str(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;

    while (*p) {
        size_t len = _xml_len(p);

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

void hl_html_para(FILE *out, const char *id, const char *cls,
                  const char *sentence)
{
    if (!sentence[0])
        return;
    fprintf(out, "<p id=\"%s\"%s%s%s>", id, cls ? " class=\"" : "",
            cls ? cls : "", cls ? "\"" : "");
    hl_html_str(out, sentence);
    fputs("</p>\n", out);
}

void hl_html_cell(FILE *out, const char *cls, const char *text)
{
    fprintf(out, "<td%s%s%s>", cls ? " class=\"" : "", cls ? cls : "",
            cls ? "\"" : "");
    hl_html_str(out, text);
    fputs("</td>", out);
}

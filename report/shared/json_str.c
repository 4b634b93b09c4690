/* Text from files into JSON (see json_str.h). */
#include "json_str.h"
#include "utf8.h"

void hl_json_str(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;

    fputc('"', out);
    while (*p) {
        uint32_t c;
        size_t len = hl_utf8_next(p, &c);

        if (!len) {
            fputs("\\ufffd", out);
            len = 1;
        } else if (c == '"' || c == '\\') {
            fprintf(out, "\\%c", (int)c);
        } else if (c < 0x20) {
            fprintf(out, "\\u%04x", (unsigned)c);
        } else {
            fwrite(p, 1, len, out);
        }
        p += len;
    }
    fputc('"', out);
}

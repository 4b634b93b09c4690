#include "text_wrap.h"

#include <string.h>

/* "MiB", "GiB;", "B)": a unit that must stay on the line of its number. */
static int _is_unit(const char *w, size_t len)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};

    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        size_t n = strlen(units[i]);

        if (len >= n && strncmp(w, units[i], n) == 0 &&
            strspn(w + n, ",;.)") == len - n)
            return 1;
    }
    return 0;
}

void hl_print_wrapped(FILE *out, const char *text)
{
    size_t col = 0;

    while (*text) {
        const char *next;
        size_t w;

        text += strspn(text, " ");
        w = strcspn(text, " ");
        if (!w)
            break;
        next = text + w + strspn(text + w, " ");
        if (*next && _is_unit(next, strcspn(next, " ")))
            w = (size_t)(next - text) + strcspn(next, " ");
        if (col && col + 1 + w > HL_TEXT_WIDTH) {
            fputc('\n', out);
            col = 0;
        }
        if (col) {
            fputc(' ', out);
            col++;
        }
        fwrite(text, 1, w, out);
        col += w;
        text += w;
    }
    fputc('\n', out);
}

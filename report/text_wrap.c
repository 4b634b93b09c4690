#include "text_wrap.h"

#include <string.h>

void hl_print_wrapped(FILE *out, const char *text)
{
    size_t col = 0;

    while (*text) {
        size_t w;

        text += strspn(text, " ");
        w = strcspn(text, " ");
        if (!w)
            break;
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

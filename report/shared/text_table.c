#include "text_table.h"
#include "grow.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void hl_table_init(struct hl_table *t, size_t ncols)
{
    memset(t, 0, sizeof(*t));
    t->ncols = ncols;
}

static int _reserve(struct hl_table *t, size_t more)
{
    char *text = hl_grow(t->text, &t->cap, t->len + more, 1, 1024);
    size_t *start;

    if (!text)
        return -1;
    t->text = text;
    start = hl_grow(t->start, &t->start_cap, t->ncells + 1, sizeof(*start), 64);
    if (!start)
        return -1;
    t->start = start;
    return 0;
}

void hl_table_cell(struct hl_table *t, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (t->failed || n < 0 || _reserve(t, (size_t)n + 1) < 0) {
        t->failed = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(t->text + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->start[t->ncells++] = t->len;
    t->len += (size_t)n + 1;
}

void hl_table_print(struct hl_table *t, FILE *out)
{
    size_t width[HL_TABLE_MAX_COLUMNS] = {0};

    for (size_t i = 0; !t->failed && i < t->ncells; i++) {
        size_t w = strlen(t->text + t->start[i]);

        if (w > width[i % t->ncols])
            width[i % t->ncols] = w;
    }
    for (size_t row = 0; !t->failed && row * t->ncols < t->ncells; row++) {
        const size_t *cell = t->start + row * t->ncols;
        size_t last = t->ncols;

        while (last > 0 && !t->text[cell[last - 1]])
            last--;
        for (size_t c = 0; c < last; c++) {
            const char *s = t->text + cell[c];

            if (c + 1 < last)
                fprintf(out, " %-*s ", (int)width[c], s);
            else
                fprintf(out, " %s\n", s);
        }
    }
    free(t->text);
    free(t->start);
    memset(t, 0, sizeof(*t));
}

#include "format_write.h"
#include "csv_write.h"

#include <string.h>

static const void *_member(const void *row, const struct hl_column *c)
{
    return (const char *)row + c->offset;
}

static void _put_word(struct hl_buf *b, const struct hl_column *c, int w)
{
    for (int i = 0; c->words[i]; i++)
        if (i == w) {
            hl_buf_str(b, c->words[i]);
            return;
        }
}

static void _put_value(struct hl_buf *b, const struct hl_column *c,
                       const void *v)
{
    switch (c->kind) {
    case HL_COL_INT:
        hl_buf_i64(b, *(const int64_t *)v);
        break;
    case HL_COL_COUNT:
        hl_buf_u64(b, *(const uint64_t *)v);
        break;
    case HL_COL_MS:
    case HL_COL_NS:
    case HL_COL_CENTI:
    case HL_COL_MICRO:
        hl_buf_fixed(b, *(const int64_t *)v, hl_col_decimals(c->kind));
        break;
    case HL_COL_TEXT:
        if (*(const char *const *)v)
            hl_csv_put_text(b, *(const char *const *)v);
        break;
    case HL_COL_WORD:
        _put_word(b, c, *(const int *)v);
        break;
    }
}

/* The digits of v, right-aligned and zero-padded in to[0..width). */
static void _put_digits(char *to, int width, uint64_t v)
{
    for (int i = width - 1; i >= 0; i--, v /= 10)
        to[i] = (char)('0' + v % 10);
}

/* A live figure at its fixed width; an empty one is 0, and a time past
 * the width is its largest value. */
static void _put_fixed(char *to, const struct hl_column *c, const void *v,
                       int empty)
{
    const int s_digits = HL_FIXED_MS_WIDTH - 4;
    const uint64_t ms_max = 99999999999999ULL; /* s_digits nines, .999 */
    uint64_t ms;

    if (c->kind != HL_COL_MS) {
        _put_digits(to, HL_FIXED_COUNT_WIDTH, empty ? 0 : *(const uint64_t *)v);
        return;
    }
    ms = empty || *(const int64_t *)v < 0 ? 0 : (uint64_t) * (const int64_t *)v;
    if (ms > ms_max)
        ms = ms_max;
    _put_digits(to, s_digits, ms / 1000);
    to[s_digits] = '.';
    _put_digits(to + s_digits + 1, 3, ms % 1000);
}

void hl_format_write_names(struct hl_buf *b, const struct hl_format *f,
                           unsigned omit)
{
    const char *sep = "";

    for (unsigned i = 0; i < f->ncolumns; i++) {
        if (f->columns[i].flags & omit)
            continue;
        hl_buf_str(b, sep);
        hl_buf_str(b, f->columns[i].name);
        sep = ",";
    }
}

void hl_format_write_values(struct hl_buf *b, const struct hl_format *f,
                            const void *row, unsigned omit)
{
    uint64_t empty = hl_row_empty(row);
    const char *sep = "";

    for (unsigned i = 0; i < f->ncolumns; i++) {
        const struct hl_column *c = &f->columns[i];

        if (c->flags & omit)
            continue;
        hl_buf_str(b, sep);
        if (!(empty & HL_EMPTY(i)))
            _put_value(b, c, _member(row, c));
        sep = ",";
    }
}

static void _write_magic(struct hl_buf *b, const struct hl_format *f)
{
    hl_buf_str(b, f->magic);
    hl_buf_u64(b, f->version);
}

void hl_format_write_head(struct hl_buf *b, const struct hl_format *f,
                          unsigned omit)
{
    _write_magic(b, f);
    hl_buf_char(b, '\n');
    hl_format_write_names(b, f, omit);
    hl_buf_char(b, '\n');
}

bool hl_format_is_magic_line(const struct hl_format *f, const char *s,
                             size_t len)
{
    char text[64];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    _write_magic(&b, f);
    return !b.overflow && b.len == len && !memcmp(text, s, len);
}

void hl_format_write(struct hl_buf *b, const struct hl_format *f,
                     const void *row, unsigned omit)
{
    hl_format_write_head(b, f, omit);
    hl_format_write_values(b, f, row, omit);
    hl_buf_char(b, '\n');
}

void hl_format_write_fixed(struct hl_buf *b, const struct hl_format *f,
                           const void *row, size_t *offset, unsigned omit)
{
    static const char zeros[] = "00000000000000000000";
    uint64_t empty = hl_row_empty(row);
    const char *sep = "";

    hl_format_write_head(b, f, omit);
    for (unsigned i = 0; i < f->ncolumns; i++) {
        const struct hl_column *c = &f->columns[i];

        if (c->flags & omit)
            continue;
        hl_buf_str(b, sep);
        sep = ",";
        offset[i] = b->len;
        if (!(c->flags & HL_COL_LIVE)) {
            if (!(empty & HL_EMPTY(i)))
                _put_value(b, c, _member(row, c));
            continue;
        }
        hl_buf_mem(b, zeros,
                   c->kind == HL_COL_MS ? HL_FIXED_MS_WIDTH
                                        : HL_FIXED_COUNT_WIDTH);
        if (!b->overflow)
            _put_fixed(b->data + offset[i], c, _member(row, c),
                       (empty & HL_EMPTY(i)) != 0);
    }
    hl_buf_char(b, '\n');
}

void hl_format_put_columns(char *text, const struct hl_format *f,
                           const size_t *offset, const void *row,
                           uint64_t columns)
{
    uint64_t empty = hl_row_empty(row);

    for (unsigned i = 0; i < f->ncolumns; i++)
        if ((f->columns[i].flags & HL_COL_LIVE) && (columns & HL_EMPTY(i)))
            _put_fixed(text + offset[i], &f->columns[i],
                       _member(row, &f->columns[i]),
                       (empty & HL_EMPTY(i)) != 0);
}

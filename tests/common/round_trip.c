/* Every format of common/ written with the writer's code (format_write.c,
 * as the library and the plugin write) and read back with the reader's
 * (format_read.c, as heapline-report reads), column by column, for every
 * kind of value each column can hold: the largest numbers, every word,
 * empty fields where a column allows them, texts that CSV must quote, and
 * files without the optional columns; and the kinds that no file uses
 * (the decimals of the report's CSV outputs) in a format of the test's
 * own, written as printf writes them. The test walks the tables, so a new
 * column is covered as soon as it is added. */
#include <stdint.h>
#include <string.h>

#include "../tap.h"
#include "buf.h"
#include "exit_format.h"
#include "format_read.h"
#include "format_write.h"
#include "merged_format.h"
#include "node_format.h"
#include "record_format.h"
#include "site_format.h"

/* The kinds that no file uses, the report's own CSV outputs' decimals,
 * in a format of the test's own. */
#define _DECIMAL_COLUMNS(X)                                                    \
    X(centi, "centi", CENTI, 0, "hundredths")                                  \
    X(micro, "micro", MICRO, HL_COL_EMPTY, "millionths")
#define _DECIMAL_ENUM(member, ...) _DECIMAL_##member,
HL_FORMAT_TYPES(_decimal_row, _DECIMAL_COLUMNS, _DECIMAL_ENUM,
                _DECIMAL_NCOLUMNS);
#define _DECIMAL(...) HL_COLUMN_DESC(struct _decimal_row, __VA_ARGS__)
static const struct hl_column _decimal_columns[] = {_DECIMAL_COLUMNS(_DECIMAL)};
static const struct hl_format _decimal_format = {
    "# heapline decimals ", 1, "decimals", _decimal_columns, _DECIMAL_NCOLUMNS};

static const struct hl_format *const _formats[] = {
    &hl_record_format, &hl_exit_format, &hl_node_format,
    &hl_merged_format, &hl_site_format, &_decimal_format,
};

/* Rows are handled as bytes: large enough for any format's struct. */
union _row {
    struct hl_record_row record;
    struct hl_exit_row exit;
    struct hl_node_row node;
    struct hl_merged_row merged;
    struct hl_site_row site;
    struct _decimal_row decimal;
    uint64_t empty;
};

static const int64_t _ints[] = {0, -1, 1, INT64_MAX, INT64_MIN};
static const uint64_t _counts[] = {0, 1, UINT32_MAX, UINT64_MAX};
static const int64_t _times[] = {0, 1, 999, 1000, 1234567, INT64_MAX};
static const int64_t _clock_times[] = {0, 1, 999999999, 1764547200123456789,
                                       INT64_MAX};
static const int64_t _decimals[] = {0, 1, 99, 100, 123456789, INT64_MAX};
static const char *const _texts[] = {
    "n1",         "node-01.cluster",
    "a,b",        "say \"hi\"",
    "\"",         ",",
    "\",\"",      "two\nlines",
    "cr\r\nlf",   " spaced ",
    "trailing\r", "#heapline 1",
    "unfinished", "\xc3\xa9t\xc3\xa9",
    "",
};

/* The longest text a record holds: a host name of 255 characters. */
static char _long_text[256];

#define _N(a) (sizeof(a) / sizeof((a)[0]))

static void *_at(union _row *row, const struct hl_column *c)
{
    return (char *)row + c->offset;
}

static size_t _nwords(const struct hl_column *c)
{
    size_t n = 0;

    while (c->words[n])
        n++;
    return n;
}

/* How many values of column c the test tries: those of its kind, and the
 * empty field. */
static size_t _nvalues(const struct hl_column *c)
{
    switch (c->kind) {
    case HL_COL_INT:
        return _N(_ints);
    case HL_COL_COUNT:
        return _N(_counts);
    case HL_COL_MS:
        return _N(_times);
    case HL_COL_NS:
        return _N(_clock_times);
    case HL_COL_CENTI:
    case HL_COL_MICRO:
        return _N(_decimals);
    case HL_COL_TEXT:
        return _N(_texts) + 1;
    case HL_COL_WORD:
        return _nwords(c);
    }
    return 0;
}

/* Sets column c of row (its index i) to its value number v, or empties it
 * when v is past the last. */
static void _set(union _row *row, const struct hl_column *c, unsigned i,
                 size_t v)
{
    void *to = _at(row, c);

    row->empty &= ~HL_EMPTY(i);
    if (v >= _nvalues(c)) {
        row->empty |= HL_EMPTY(i);
        return;
    }
    switch (c->kind) {
    case HL_COL_INT:
        *(int64_t *)to = _ints[v];
        break;
    case HL_COL_COUNT:
        *(uint64_t *)to = _counts[v];
        break;
    case HL_COL_MS:
        *(int64_t *)to = _times[v];
        break;
    case HL_COL_NS:
        *(int64_t *)to = _clock_times[v];
        break;
    case HL_COL_CENTI:
    case HL_COL_MICRO:
        *(int64_t *)to = _decimals[v];
        break;
    case HL_COL_TEXT:
        *(const char **)to = v < _N(_texts) ? _texts[v] : _long_text;
        break;
    case HL_COL_WORD:
        *(int *)to = (int)v;
        break;
    }
}

/* Column c of row as text, for comparing and for showing: "(empty)" when
 * its field is; an empty text is empty, whichever way it was said. */
static const char *_show(const union _row *row, const struct hl_column *c,
                         unsigned i, char *out, size_t size)
{
    const void *v = (const char *)row + c->offset;
    const char *text;

    if (c->kind == HL_COL_TEXT) {
        text = *(const char *const *)v;
        if (row->empty & HL_EMPTY(i) || !text || !text[0])
            return "(empty)";
        snprintf(out, size, "\"%s\"", text);
        return out;
    }
    if (row->empty & HL_EMPTY(i))
        return "(empty)";
    switch (c->kind) {
    case HL_COL_INT:
    case HL_COL_MS:
    case HL_COL_NS:
    case HL_COL_CENTI:
    case HL_COL_MICRO:
        snprintf(out, size, "%" PRId64, *(const int64_t *)v);
        break;
    case HL_COL_COUNT:
        snprintf(out, size, "%" PRIu64, *(const uint64_t *)v);
        break;
    default:
        snprintf(out, size, "word %d", *(const int *)v);
    }
    return out;
}

/* A row whose every column holds its first value. */
static void _typical(const struct hl_format *f, union _row *row)
{
    memset(row, 0, sizeof(*row));
    for (unsigned i = 0; i < f->ncolumns; i++)
        _set(row, &f->columns[i], i, 0);
}

/* The row read back, its texts copied out of the reader's memory. */
static union _row _read;
static char _read_texts[HL_MAX_COLUMNS][1024];

static int _keep(void *ctx, const void *row)
{
    const struct hl_format *f = ctx;

    memcpy(&_read, row, sizeof(_read));
    for (unsigned i = 0; i < f->ncolumns; i++) {
        const char **text = _at(&_read, &f->columns[i]);

        if (f->columns[i].kind != HL_COL_TEXT)
            continue;
        snprintf(_read_texts[i], sizeof(_read_texts[i]), "%s", *text);
        *text = _read_texts[i];
    }
    return HL_ROW_GOOD;
}

/* Writes row as a file of format f (columns with a flag of omit left
 * out), reads it back into _read; 0, or -1 with the reader's message. */
static int _write_read(const struct hl_format *f, const union _row *row,
                       unsigned omit, char *err, size_t errlen)
{
    static char text[8192];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    hl_format_write(&b, f, row, omit);
    if (b.overflow) {
        snprintf(err, errlen, "the row does not fit in %zu bytes",
                 sizeof(text));
        return -1;
    }
    memset(&_read, 0xa5, sizeof(_read));
    return hl_format_read(f, text, b.len, &_read, _keep, (void *)f, err,
                          errlen);
}

/* Every column of _read as in want, one check each. */
static void _compare(const struct hl_format *f, const union _row *want,
                     const char *what)
{
    char got_text[512], want_text[512];

    for (unsigned i = 0; i < f->ncolumns; i++) {
        const struct hl_column *c = &f->columns[i];

        is_str(_show(&_read, c, i, got_text, sizeof(got_text)),
               _show(want, c, i, want_text, sizeof(want_text)),
               "%s %s: column %s read back", f->kind, what, c->name);
    }
}

/* Each value of each column, the others typical. */
static void _each_value(const struct hl_format *f)
{
    union _row row;
    char err[160], what[64], shown[512];

    for (unsigned i = 0; i < f->ncolumns; i++) {
        const struct hl_column *c = &f->columns[i];
        size_t nvalues = _nvalues(c) + 1;

        for (size_t v = 0; v < nvalues; v++) {
            int empty_refused;

            _typical(f, &row);
            _set(&row, c, i, v);
            snprintf(what, sizeof(what), "%s = %s", c->name,
                     _show(&row, c, i, shown, sizeof(shown)));
            /* An empty number where the column wants one is refused,
             * naming it; a text or a word may not be empty either. */
            empty_refused = (row.empty & HL_EMPTY(i)) &&
                            c->kind != HL_COL_TEXT &&
                            !(c->flags & HL_COL_EMPTY);
            if (empty_refused) {
                int rc = _write_read(f, &row, 0, err, sizeof(err));

                ok(rc < 0 && strstr(err, c->name),
                   "%s %s: refused, naming the column (%s)", f->kind, what,
                   rc < 0 ? err : "read");
                continue;
            }
            if (!ok(_write_read(f, &row, 0, err, sizeof(err)) == 0,
                    "%s %s: written and read", f->kind, what)) {
                printf("#   %s\n", err);
                continue;
            }
            _compare(f, &row, what);
        }
    }
}

/* A file of an older version, without the optional columns: read, and
 * those columns empty. */
static void _without_optional(const struct hl_format *f)
{
    union _row row, want;
    char err[160];

    _typical(f, &row);
    want = row;
    for (unsigned i = 0; i < f->ncolumns; i++)
        if (f->columns[i].flags & HL_COL_OPTIONAL)
            want.empty |= HL_EMPTY(i);
    if (!ok(_write_read(f, &row, HL_COL_OPTIONAL, err, sizeof(err)) == 0,
            "%s without its optional columns: read", f->kind)) {
        printf("#   %s\n", err);
        return;
    }
    _compare(f, &want, "without its optional columns");
}

/* The provisional form: live figures at a fixed width, then rewritten in
 * place; both read back as written, the text's length never changing. */
static void _provisional(const struct hl_format *f)
{
    static char text[8192];
    static const uint64_t counts[] = {0, 17, UINT64_MAX};
    static const int64_t times[] = {0, 2513, 99999999999999};
    size_t offset[HL_MAX_COLUMNS], len;
    union _row row;
    struct hl_buf b;
    char err[160];

    _typical(f, &row);
    hl_buf_init(&b, text, sizeof(text));
    hl_format_write_fixed(&b, f, &row, offset, 0);
    len = b.len;
    for (size_t v = 0; v < _N(counts); v++) {
        for (unsigned i = 0; i < f->ncolumns; i++) {
            const struct hl_column *c = &f->columns[i];

            if (c->flags & HL_COL_LIVE && c->kind == HL_COL_MS)
                *(int64_t *)_at(&row, c) = times[v];
            else if (c->flags & HL_COL_LIVE)
                *(uint64_t *)_at(&row, c) = counts[v];
        }
        hl_format_put_columns(text, f, offset, &row, ~(uint64_t)0);
        is_uint(strlen(text), len, "%s, provisional form %zu: same length",
                f->kind, v);
        memset(&_read, 0xa5, sizeof(_read));
        if (!ok(hl_format_read(f, text, len, &_read, _keep, (void *)f, err,
                               sizeof(err)) == 0,
                "%s, provisional form %zu: read", f->kind, v)) {
            printf("#   %s\n", err);
            continue;
        }
        _compare(f, &row, "provisional form");
    }
}

/* The decimals as "%.2f" and "%.6f" write them. */
static void _decimal_text(void)
{
    struct _decimal_row row = {0, 123456789, 1};
    char text[64];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    hl_format_write_values(&b, &_decimal_format, &row, 0);
    is_str(text, "1234567.89,0.000001", "decimals with two and six places");
}

int main(void)
{
    memset(_long_text, 'h', sizeof(_long_text) - 1);
    for (size_t i = 0; i < _N(_formats); i++) {
        _each_value(_formats[i]);
        _without_optional(_formats[i]);
    }
    _provisional(&hl_record_format);
    _decimal_text();
    return done_testing();
}

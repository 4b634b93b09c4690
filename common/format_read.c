#include "format_read.h"
#include "csv_read.h"
#include "decimal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a row's texts are copied, NUL-terminated: on the stack, or for a
 * long row on the heap. */
struct _texts {
    char *buf;
    size_t cap, len;
    char local[1024];
};

static int _texts_reserve(struct _texts *t, size_t need)
{
    char *big;

    t->len = 0;
    if (need <= t->cap)
        return 0;
    big = malloc(need);
    if (!big)
        return -1;
    if (t->buf != t->local)
        free(t->buf);
    t->buf = big;
    t->cap = need;
    return 0;
}

bool hl_format_claims(const struct hl_format *f, const char *buf, size_t len)
{
    size_t mlen = strlen(f->magic);

    return len >= mlen && memcmp(buf, f->magic, mlen) == 0;
}

/* The first line: 0 when it names a version this code reads. */
static int _check_magic(const struct hl_format *f, const char *s, size_t len,
                        char *err, size_t errlen)
{
    size_t mlen = strlen(f->magic);
    uint64_t version;

    if (!hl_format_claims(f, s, len) ||
        hl_parse_u64(s + mlen, len - mlen, &version) < 0 || version < 1) {
        snprintf(err, errlen, "not a heapline %s", f->kind);
        return -1;
    }
    if (version > f->version) {
        snprintf(err, errlen,
                 "%s format %llu is newer than this heapline-report reads "
                 "(%u)",
                 f->kind, (unsigned long long)version, f->version);
        return -1;
    }
    return 0;
}

/* pos[c]: the field that holds column c, -1 when absent. */
static int _map_header(const struct hl_format *f, const char *s, size_t len,
                       int *pos, size_t *nfields, char *err, size_t errlen)
{
    struct hl_field fields[HL_CSV_MAX_FIELDS + 1];
    size_t n = hl_csv_split(s, len, fields);

    if (n == HL_CSV_BAD_QUOTES || n > HL_CSV_MAX_FIELDS) {
        snprintf(err, errlen, "not a heapline %s (%s)", f->kind,
                 n == HL_CSV_BAD_QUOTES ? "bad quotes" : "too many columns");
        return -1;
    }
    for (unsigned c = 0; c < f->ncolumns; c++)
        pos[c] = -1;
    for (size_t i = 0; i < n; i++)
        for (unsigned c = 0; c < f->ncolumns; c++)
            if (pos[c] < 0 && hl_csv_is(&fields[i], f->columns[c].name))
                pos[c] = (int)i;
    for (unsigned c = 0; c < f->ncolumns; c++)
        if (pos[c] < 0 && !(f->columns[c].flags & HL_COL_OPTIONAL)) {
            snprintf(err, errlen, "not a heapline %s (no column %s)", f->kind,
                     f->columns[c].name);
            return -1;
        }
    *nfields = n;
    return 0;
}

static int _parse_word(const struct hl_column *c, const struct hl_field *v,
                       int *out)
{
    for (int i = 0; c->words[i]; i++)
        if (hl_csv_is(v, c->words[i])) {
            *out = i;
            return 0;
        }
    return -1;
}

/* A text, NUL-terminated in t; one holding a NUL is refused. */
static int _parse_text(const struct hl_field *v, struct _texts *t,
                       const char **out)
{
    char *to = t->buf + t->len;
    size_t n = hl_csv_unquote(v, to);

    if (memchr(to, '\0', n))
        return -1;
    to[n] = '\0';
    t->len += n + 1;
    *out = to;
    return 0;
}

/* One field v (NULL when the file has no such column) into column c of
 * row: 0, or -1 when it is not a value of the column. */
static int _parse_field(const struct hl_column *c, const struct hl_field *v,
                        struct _texts *t, void *row, unsigned i)
{
    void *to = (char *)row + c->offset;

    if (!v || v->len == 0) {
        *(uint64_t *)row |= HL_EMPTY(i);
        if (c->kind == HL_COL_TEXT)
            *(const char **)to = "";
        else if (c->kind == HL_COL_WORD)
            *(int *)to = 0;
        else
            *(uint64_t *)to = 0;
        return !v || c->kind == HL_COL_TEXT || (c->flags & HL_COL_EMPTY) ? 0
                                                                         : -1;
    }
    switch (c->kind) {
    case HL_COL_INT:
        return hl_parse_i64(v->s, v->len, to);
    case HL_COL_COUNT:
        return hl_parse_u64(v->s, v->len, to);
    case HL_COL_MS:
        return hl_parse_ms(v->s, v->len, to);
    case HL_COL_NS:
        return hl_parse_ns(v->s, v->len, to);
    case HL_COL_TEXT:
        return _parse_text(v, t, to);
    case HL_COL_WORD:
        return _parse_word(c, v, to);
    }
    return -1;
}

/* A data record: HL_ROW_GOOD, HL_ROW_NOMEM, or its first bad column. */
static int _parse_row(const struct hl_format *f, const struct hl_field *fields,
                      size_t len, const int *pos, struct _texts *t, void *row)
{
    if (_texts_reserve(t, len + f->ncolumns) < 0)
        return HL_ROW_NOMEM;
    *(uint64_t *)row = 0;
    for (unsigned c = 0; c < f->ncolumns; c++)
        if (_parse_field(&f->columns[c], pos[c] < 0 ? NULL : &fields[pos[c]], t,
                         row, c) < 0)
            return (int)c;
    return HL_ROW_GOOD;
}

/* The data records; -1 on a fault, with err set. */
static int _read_rows(const struct hl_format *f, struct hl_cursor *c,
                      const int *pos, size_t nfields, void *row,
                      hl_row_fn on_row, hl_bad_fn on_bad, void *ctx, char *err,
                      size_t errlen)
{
    struct hl_field fields[HL_CSV_MAX_FIELDS + 1];
    struct _texts t = {.cap = sizeof(t.local)};
    const char *s;
    size_t n, got, rows = 0;
    int rc = 0, bad;
    bool cut;

    t.buf = t.local;
    while (rc == 0 && hl_csv_next_record(c, &s, &n, &cut)) {
        if (n == 0)
            continue;
        got = hl_csv_split(s, n, fields);
        if (got == HL_CSV_BAD_QUOTES || got != nfields) {
            if (got == HL_CSV_BAD_QUOTES)
                snprintf(err, errlen, "line %u: bad quotes", c->line);
            else
                snprintf(err, errlen, "line %u has %zu fields, the header %zu",
                         c->line, got, nfields);
            if (!on_bad) {
                rc = -1;
                break;
            }
            on_bad(ctx, err);
            rows++;
            continue;
        }
        bad = _parse_row(f, fields, n, pos, &t, row);
        if (bad == HL_ROW_GOOD)
            bad = on_row(ctx, row);
        if (bad == HL_ROW_NOMEM)
            snprintf(err, errlen, "out of memory");
        else if (bad != HL_ROW_GOOD)
            snprintf(err, errlen, "line %u: bad %s", c->line,
                     f->columns[bad].name);
        rc = bad == HL_ROW_GOOD ? 0 : -1;
        rows++;
        if (rc < 0 && bad != HL_ROW_NOMEM && on_bad) {
            on_bad(ctx, err);
            rc = 0;
        }
    }
    if (t.buf != t.local)
        free(t.buf);
    if (rc == 0 && (cut || rows == 0)) {
        snprintf(err, errlen, "truncated %s", f->kind);
        rc = -1;
    }
    return rc;
}

int hl_format_read_each(const struct hl_format *f, const char *buf, size_t len,
                        void *row, hl_row_fn on_row, hl_bad_fn on_bad,
                        void *ctx, char *err, size_t errlen)
{
    struct hl_cursor c = {buf, buf + len, 0, 0};
    int pos[HL_MAX_COLUMNS];
    const char *s;
    size_t n, nfields;
    bool cut;

    if (len == 0) {
        snprintf(err, errlen, "empty file, not a heapline %s", f->kind);
        return -1;
    }
    if (!hl_csv_next_record(&c, &s, &n, &cut)) {
        if (_check_magic(f, buf, len, err, errlen) == 0)
            snprintf(err, errlen, "truncated %s", f->kind);
        return -1;
    }
    if (_check_magic(f, s, n, err, errlen) < 0)
        return -1;
    if (!hl_csv_next_record(&c, &s, &n, &cut)) {
        snprintf(err, errlen, "truncated %s", f->kind);
        return -1;
    }
    if (_map_header(f, s, n, pos, &nfields, err, errlen) < 0)
        return -1;
    return _read_rows(f, &c, pos, nfields, row, on_row, on_bad, ctx, err,
                      errlen);
}

int hl_format_read(const struct hl_format *f, const char *buf, size_t len,
                   void *row, hl_row_fn on_row, void *ctx, char *err,
                   size_t errlen)
{
    return hl_format_read_each(f, buf, len, row, on_row, NULL, ctx, err,
                               errlen);
}

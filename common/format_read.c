#include "format_read.h"
#include "csv_read.h"
#include "decimal.h"
#include "row_read.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The next record of c (hl_csv_next_record), unless it starts with stop
 * (NULL: none): the data end there, and it is left to read. */
static bool _next(struct hl_cursor *c, const char *stop, const char **s,
                  size_t *n, bool *cut)
{
    if (!hl_csv_next_record(c, s, n, cut))
        return false;
    /* Data records start with a digit: the first byte tells most. */
    if (!stop || *n == 0 || **s != stop[0] || *n < strlen(stop) ||
        memcmp(*s, stop, strlen(stop)) != 0)
        return true;
    c->p = *s;
    c->lines = c->line - 1;
    return false;
}

/* The data records; -1 on a fault, with err set. */
static int _read_rows(const struct hl_format *f, struct hl_cursor *c,
                      const char *stop, const int *pos, size_t nfields,
                      void *row, hl_row_fn on_row, hl_bad_fn on_bad, void *ctx,
                      char *err, size_t errlen)
{
    struct hl_row_texts t;
    struct hl_row_plan plan;
    const char *s;
    size_t n, got, rows = 0;
    int rc = 0, bad;
    bool cut;

    hl_row_texts_init(&t);
    hl_row_plan_init(&plan, f, pos, nfields);
    while (rc == 0 && _next(c, stop, &s, &n, &cut)) {
        if (n == 0)
            continue;
        bad = hl_row_parse(&plan, s, n, &t, row, &got);
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
    hl_row_texts_free(&t);
    if (rc == 0 && (cut || rows == 0)) {
        snprintf(err, errlen, "truncated %s", f->kind);
        rc = -1;
    }
    return rc;
}

/* buf[0..len) as a file of f, whose data end at the first record after
 * its first that starts with stop (NULL: at len); c is left there. */
static int _read(const struct hl_format *f, struct hl_cursor *c,
                 const char *stop, void *row, hl_row_fn on_row,
                 hl_bad_fn on_bad, void *ctx, char *err, size_t errlen)
{
    int pos[HL_MAX_COLUMNS];
    const char *s, *buf = c->p;
    size_t n, nfields, len = (size_t)(c->end - c->p);
    bool cut;

    if (len == 0) {
        snprintf(err, errlen, "empty file, not a heapline %s", f->kind);
        return -1;
    }
    if (!hl_csv_next_record(c, &s, &n, &cut)) {
        if (_check_magic(f, buf, len, err, errlen) == 0)
            snprintf(err, errlen, "truncated %s", f->kind);
        return -1;
    }
    if (_check_magic(f, s, n, err, errlen) < 0)
        return -1;
    if (!_next(c, stop, &s, &n, &cut)) {
        snprintf(err, errlen, "truncated %s", f->kind);
        return -1;
    }
    if (_map_header(f, s, n, pos, &nfields, err, errlen) < 0)
        return -1;
    return _read_rows(f, c, stop, pos, nfields, row, on_row, on_bad, ctx, err,
                      errlen);
}

int hl_format_read_each(const struct hl_format *f, const char *buf, size_t len,
                        void *row, hl_row_fn on_row, hl_bad_fn on_bad,
                        void *ctx, char *err, size_t errlen)
{
    struct hl_cursor c = {buf, buf + len, 0, 0};

    return _read(f, &c, NULL, row, on_row, on_bad, ctx, err, errlen);
}

int hl_format_read(const struct hl_format *f, const char *buf, size_t len,
                   void *row, hl_row_fn on_row, void *ctx, char *err,
                   size_t errlen)
{
    return hl_format_read_each(f, buf, len, row, on_row, NULL, ctx, err,
                               errlen);
}

int hl_format_read_section(const struct hl_format *f, const char *buf,
                           size_t len, struct hl_section *sec, void *row,
                           hl_row_fn on_row, void *ctx, char *err,
                           size_t errlen)
{
    struct hl_cursor c = {buf, buf + len, 0, 0};
    const char *s;
    size_t n;
    bool cut;
    int rc = _read(f, &c, sec->stop, row, on_row, NULL, ctx, err, errlen);

    /* A fault stops the reading: the rest of the section is passed. The
     * first record is the section's own, whatever it starts with. */
    if (c.p == buf)
        hl_csv_next_record(&c, &s, &n, &cut);
    while (_next(&c, sec->stop, &s, &n, &cut))
        ;
    if (cut)
        c.p = c.end;
    sec->used = (size_t)(c.p - buf);
    sec->lines = c.lines;
    return rc;
}

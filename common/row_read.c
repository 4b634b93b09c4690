#include "row_read.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "format_read.h"

/* What _parse_plain returns for a record with a quoted field. */
#define _QUOTED (-3)

void hl_row_texts_init(struct hl_row_texts *t)
{
    t->buf = t->local;
    t->cap = sizeof(t->local);
    t->len = 0;
}

void hl_row_texts_free(struct hl_row_texts *t)
{
    if (t->buf != t->local)
        free(t->buf);
    hl_row_texts_init(t);
}

static int _texts_reserve(struct hl_row_texts *t, size_t need)
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

void hl_row_plan_init(struct hl_row_plan *plan, const struct hl_format *f,
                      const int *pos, size_t nfields)
{
    plan->f = f;
    plan->pos = pos;
    plan->nfields = nfields;
    for (size_t i = 0; i < nfields; i++)
        plan->column[i] = -1;
    plan->nabsent = 0;
    for (unsigned c = 0; c < f->ncolumns; c++) {
        if (pos[c] < 0)
            plan->absent[plan->nabsent++] = c;
        else
            plan->column[pos[c]] = (int)c;
    }
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
static int _parse_text(const struct hl_field *v, struct hl_row_texts *t,
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
                        struct hl_row_texts *t, void *row, unsigned i)
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
    case HL_COL_NS:
    case HL_COL_CENTI:
    case HL_COL_MICRO:
        return hl_parse_fixed(v->s, v->len, hl_col_decimals(c->kind), to);
    case HL_COL_TEXT:
        return _parse_text(v, t, to);
    case HL_COL_WORD:
        return _parse_word(c, v, to);
    }
    return -1;
}

/* A record split into fields (each as the header has them): HL_ROW_GOOD,
 * or its first bad column. */
static int _parse_split(const struct hl_row_plan *plan,
                        const struct hl_field *fields, struct hl_row_texts *t,
                        void *row)
{
    const struct hl_format *f = plan->f;

    *(uint64_t *)row = 0;
    for (unsigned c = 0; c < f->ncolumns; c++)
        if (_parse_field(&f->columns[c],
                         plan->pos[c] < 0 ? NULL : &fields[plan->pos[c]], t,
                         row, c) < 0)
            return (int)c;
    return HL_ROW_GOOD;
}

/* The end of the unquoted field that starts at p: the next comma, or
 * end. */
static const char *_field_end(const char *p, const char *end)
{
    bool nul;

    return hl_csv_field_end(p, end, &nul);
}

/* A non-empty number of column c at p into to: where it stops, or NULL
 * when it is not one. */
static const char *_scan_number(const struct hl_column *c, const char *p,
                                const char *end, void *to)
{
    switch (c->kind) {
    case HL_COL_INT:
        return hl_scan_i64(p, end, to);
    case HL_COL_COUNT:
        return hl_scan_u64(p, end, to);
    case HL_COL_MS:
    case HL_COL_NS:
    case HL_COL_CENTI:
    case HL_COL_MICRO:
        return hl_scan_fixed(p, end, hl_col_decimals(c->kind), to);
    default:
        return NULL;
    }
}

/* One field of column c that starts at p, unquoted: parsed into row, each
 * number as it is found, with no split of the record first. Returns where
 * the field ends (a comma or end); *bad tells whether it is a value of
 * its column. */
static const char *_plain_field(const struct hl_column *c, unsigned i,
                                const char *p, const char *end,
                                struct hl_row_texts *t, void *row, bool *bad)
{
    const char *stop;

    if (p == end || *p == ',') {
        *bad = _parse_field(c, &(struct hl_field){p, 0, false}, t, row, i) < 0;
        return p;
    }
    if (c->kind == HL_COL_TEXT) {
        bool nul;
        char *to = t->buf + t->len;

        stop = hl_csv_field_end(p, end, &nul);
        *bad = nul;
        memcpy(to, p, (size_t)(stop - p));
        to[stop - p] = '\0';
        t->len += (size_t)(stop - p) + 1;
        *(const char **)((char *)row + c->offset) = to;
        return stop;
    }
    if (c->kind == HL_COL_WORD) {
        stop = _field_end(p, end);
        *bad = _parse_field(c, &(struct hl_field){p, (size_t)(stop - p), false},
                            t, row, i) < 0;
        return stop;
    }
    stop = _scan_number(c, p, end, (char *)row + c->offset);
    *bad = !stop || (stop < end && *stop != ',');
    return *bad ? _field_end(p, end) : stop;
}

/* A record with no quoted field, in one pass: HL_ROW_GOOD, its first bad
 * column (as _parse_split would say), or _QUOTED when a field is quoted
 * after all. *got: its fields, as hl_csv_split counts them. */
static int _parse_plain(const struct hl_row_plan *plan, const char *s,
                        size_t len, struct hl_row_texts *t, void *row,
                        size_t *got)
{
    const struct hl_format *f = plan->f;
    const char *p = s, *end = s + len;
    int first_bad = HL_ROW_GOOD;
    size_t n = 0;

    *(uint64_t *)row = 0;
    for (unsigned a = 0; a < plan->nabsent; a++)
        _parse_field(&f->columns[plan->absent[a]], NULL, t, row,
                     plan->absent[a]);
    for (;;) {
        int c = n < plan->nfields ? plan->column[n] : -1;
        bool bad = false;

        if (p < end && *p == '"')
            return _QUOTED;
        if (n++ == HL_CSV_MAX_FIELDS)
            break;
        if (c < 0)
            p = _field_end(p, end);
        else
            p = _plain_field(&f->columns[c], (unsigned)c, p, end, t, row, &bad);
        if (bad && (first_bad == HL_ROW_GOOD || c < first_bad))
            first_bad = c;
        if (p == end)
            break;
        p++;
    }
    *got = n;
    return first_bad;
}

int hl_row_parse(const struct hl_row_plan *plan, const char *s, size_t len,
                 struct hl_row_texts *t, void *row, size_t *fields)
{
    struct hl_field split[HL_CSV_MAX_FIELDS + 1];
    int rc;

    /* Room for every text, each with its NUL. */
    if (_texts_reserve(t, len + plan->f->ncolumns) < 0) {
        *fields = plan->nfields;
        return HL_ROW_NOMEM;
    }
    rc = _parse_plain(plan, s, len, t, row, fields);
    if (rc != _QUOTED)
        return rc;
    t->len = 0;
    *fields = hl_csv_split(s, len, split);
    if (*fields != plan->nfields)
        return HL_ROW_GOOD;
    return _parse_split(plan, split, t, row);
}

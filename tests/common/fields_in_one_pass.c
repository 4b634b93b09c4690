/* Proves the reader's one pass over a record (common/row_read.c), which
 * finds each field's end as it parses it, eight bytes a word, against the
 * plain ways: numbers scanned (decimal.h) give what a digit-by-digit
 * reference gives, for random strings of digits, signs, dots and every
 * byte next to the digits' ('/', ':'), runs of 1 to 30 digits, and at
 * every offset of a word; a field's end and its NULs (csv_read.h) are the
 * reference's; and a record read in one pass gives, value by value or
 * error by error, what the same record gives with each field quoted,
 * which the reader splits first: random records of every format, their
 * fields drawn from good values, bad ones and empty ones. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/xorshift.h"
#include "../tap.h"
#include "csv_read.h"
#include "decimal.h"
#include "exit_format.h"
#include "format_read.h"
#include "merged_format.h"
#include "node_format.h"
#include "record_format.h"

static uint64_t _state = 0x9E3779B97F4A7C15ull;

static uint64_t _random(uint64_t n)
{
    return xorshift64(&_state) % n;
}

/* The reference: a count, digit by digit, refused past UINT64_MAX. */
static int _ref_u64(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;

    if (len == 0)
        return -1;
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned)(s[i] - '0');

        if (d > 9 || v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* Seconds with decimals, digit by digit, rounded at digits decimals. */
static int _ref_fixed(const char *s, size_t len, int digits, int64_t *out)
{
    size_t dot = 0;
    uint64_t whole, frac = 0, unit = 1;
    int seen = 0, up = 0;

    for (int i = 0; i < digits; i++)
        unit *= 10;
    while (dot < len && s[dot] != '.')
        dot++;
    if (_ref_u64(s, dot, &whole) < 0 || whole > INT64_MAX / unit ||
        dot + 1 == len)
        return -1;
    for (size_t i = dot + 1; i < len; i++, seen++) {
        unsigned d = (unsigned)(s[i] - '0');

        if (d > 9)
            return -1;
        if (seen < digits)
            frac = frac * 10 + d;
        else if (seen == digits)
            up = d >= 5;
    }
    for (; seen < digits; seen++)
        frac *= 10;
    if (whole * unit + frac + (uint64_t)up > (uint64_t)INT64_MAX)
        return -1;
    *out = (int64_t)(whole * unit + frac + (uint64_t)up);
    return 0;
}

static int _ref_i64(const char *s, size_t len, int64_t *out)
{
    int neg = len > 0 && s[0] == '-';
    uint64_t v;

    if (_ref_u64(s + neg, len - (size_t)neg, &v) < 0 ||
        v > (uint64_t)INT64_MAX + (uint64_t)neg)
        return -1;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

/* A random string: digits mostly, and the bytes that border them. */
static size_t _random_number(char *buf, size_t max)
{
    static const char others[] = "/:.-,x\xff";
    size_t len = _random(max + 1);

    for (size_t i = 0; i < len; i++)
        buf[i] = _random(6) ? (char)('0' + _random(10))
                            : others[_random(sizeof(others) - 1)];
    return len;
}

static void _numbers(void)
{
    /* Room past the string, filled with digits: a scan must stop at its
     * end, not at the buffer's. */
    char buf[64];
    long bad_u = 0, bad_i = 0, bad_ms = 0, bad_ns = 0;

    for (long n = 0; n < 2000000; n++) {
        size_t off = _random(8), len;
        uint64_t u1 = 1, u2 = 2;
        int64_t a = 1, b = 2;

        memset(buf, '7', sizeof(buf));
        len = _random_number(buf + off, 30);
        if (_random(50) == 0) /* a run of digits only, 1 to 30 */
            for (size_t i = 0; i < len; i++)
                buf[off + i] = (char)('0' + _random(10));
        bad_u += _ref_u64(buf + off, len, &u1) !=
                     hl_parse_u64(buf + off, len, &u2) ||
                 (u1 != 1 && u1 != u2);
        bad_i +=
            _ref_i64(buf + off, len, &a) != hl_parse_i64(buf + off, len, &b) ||
            (a != 1 && a != b);
        a = 1, b = 2;
        bad_ms += _ref_fixed(buf + off, len, 3, &a) !=
                      hl_parse_fixed(buf + off, len, 3, &b) ||
                  (a != 1 && a != b);
        a = 1, b = 2;
        bad_ns += _ref_fixed(buf + off, len, 9, &a) !=
                      hl_parse_fixed(buf + off, len, 9, &b) ||
                  (a != 1 && a != b);
    }
    is_int(bad_u, 0, "2,000,000 random strings: counts as the reference");
    is_int(bad_i, 0, "integers as the reference");
    is_int(bad_ms, 0, "times in ms as the reference");
    is_int(bad_ns, 0, "times in ns as the reference");
}

static void _field_ends(void)
{
    static const char bytes[] = "ab,\0,9";
    char buf[40];
    long bad = 0;

    for (long n = 0; n < 1000000; n++) {
        size_t len = _random(sizeof(buf) + 1), want = 0;
        bool nul = false, got_nul;
        const char *end;

        for (size_t i = 0; i < len; i++)
            buf[i] = _random(4) ? 'a' : bytes[_random(sizeof(bytes) - 1)];
        for (; want < len && buf[want] != ','; want++)
            nul = nul || !buf[want];
        end = hl_csv_field_end(buf, buf + len, &got_nul);
        bad += end != buf + want || got_nul != nul;
    }
    is_int(bad, 0,
           "1,000,000 random fields: each ends, NULs and all, where "
           "the reference says");
}

/* What a reading gives: each row's bytes, or the error. */
struct _got {
    size_t rows;
    char text[16384];
    size_t len;
    const struct hl_format *f;
};

/* A row's values, texts as their strings, so that two readings compare. */
static int _keep(void *ctx, const void *row)
{
    struct _got *g = ctx;
    const struct hl_format *f = g->f;

    g->len += (size_t)snprintf(g->text + g->len, sizeof(g->text) - g->len,
                               "%llx", (unsigned long long)hl_row_empty(row));
    for (unsigned c = 0; c < f->ncolumns; c++) {
        const char *at = (const char *)row + f->columns[c].offset;
        size_t room = sizeof(g->text) - g->len;

        if (f->columns[c].kind == HL_COL_TEXT)
            g->len += (size_t)snprintf(g->text + g->len, room, "|%s",
                                       *(const char *const *)at);
        else if (f->columns[c].kind == HL_COL_WORD)
            g->len += (size_t)snprintf(g->text + g->len, room, "|%d",
                                       *(const int *)at);
        else
            g->len += (size_t)snprintf(g->text + g->len, room, "|%llx",
                                       *(const unsigned long long *)at);
    }
    g->rows++;
    return HL_ROW_GOOD;
}

static void _read(const struct hl_format *f, const char *file, size_t len,
                  struct _got *g)
{
    union {
        struct hl_record_row record;
        struct hl_exit_row exit;
        struct hl_node_row node;
        struct hl_merged_row merged;
    } row;
    char err[160];

    memset(g, 0, sizeof(*g));
    g->f = f;
    if (hl_format_read(f, file, len, &row, _keep, g, err, sizeof(err)) < 0)
        snprintf(g->text, sizeof(g->text), "error: %s", err);
}

/* A value for a field of column c: good mostly, else bad or empty; no
 * comma, so that quoting it changes nothing but the way it is read. */
static const char *_value(const struct hl_column *c, char *buf)
{
    static const char *const bad[] = {"x",
                                      "-",
                                      "1.",
                                      ".5",
                                      "+1",
                                      "1 ",
                                      "1x",
                                      "/",
                                      "1.2.3",
                                      "--1",
                                      "99999999999999999999999"};
    size_t n = 1 + _random(12);

    switch (_random(8)) {
    case 0:
        return "";
    case 1:
        return bad[_random(sizeof(bad) / sizeof(bad[0]))];
    default:
        break;
    }
    if (c->kind == HL_COL_WORD)
        return c->words[_random(2)];
    if (c->kind == HL_COL_TEXT)
        return _random(2) ? "node01" : "a\"b";
    for (size_t i = 0; i < n; i++)
        buf[i] = (char)('0' + _random(10));
    buf[n] = '\0';
    if (c->kind == HL_COL_INT && _random(3) == 0)
        return "-1";
    if ((c->kind == HL_COL_MS || c->kind == HL_COL_NS) && _random(2))
        buf[n / 2] = n > 2 ? '.' : buf[n / 2];
    return buf;
}

/* A random file of format f: its header, some columns left out or not
 * the format's, and rows of random values; each field quoted in the
 * second. */
static void _random_file(const struct hl_format *f, char *plain, char *quoted,
                         size_t size, size_t *plain_len, size_t *quoted_len)
{
    unsigned cols[HL_MAX_COLUMNS + 1], ncols = 0;
    size_t p = 0, q = 0;
    char buf[32];

    for (unsigned c = 0; c < f->ncolumns; c++)
        if (!(f->columns[c].flags & HL_COL_OPTIONAL) || _random(2))
            cols[ncols++] = c;
    cols[ncols++] = HL_MAX_COLUMNS; /* a column of a later version */
    p += (size_t)snprintf(plain + p, size - p, "%s%u\n", f->magic, f->version);
    for (unsigned i = 0; i < ncols; i++)
        p += (size_t)snprintf(plain + p, size - p, "%s%s", i ? "," : "",
                              cols[i] < f->ncolumns ? f->columns[cols[i]].name
                                                    : "later");
    p += (size_t)snprintf(plain + p, size - p, "\n");
    memcpy(quoted, plain, p);
    q = p;
    for (int row = 0; row < 3; row++) {
        unsigned fields = ncols + (_random(20) == 0) - (_random(20) == 0);

        for (unsigned i = 0; i < fields; i++) {
            const char *v = i < ncols && cols[i] < f->ncolumns
                                ? _value(&f->columns[cols[i]], buf)
                                : "7";

            p += (size_t)snprintf(plain + p, size - p, "%s%s", i ? "," : "", v);
            q += (size_t)snprintf(quoted + q, size - q, "%s\"", i ? "," : "");
            for (const char *s = v; *s; s++) {
                if (*s == '"')
                    quoted[q++] = '"';
                quoted[q++] = *s;
            }
            q += (size_t)snprintf(quoted + q, size - q, "\"");
        }
        p += (size_t)snprintf(plain + p, size - p, "\n");
        q += (size_t)snprintf(quoted + q, size - q, "\n");
    }
    *plain_len = p;
    *quoted_len = q;
}

static void _rows(void)
{
    static const struct hl_format *const formats[] = {
        &hl_record_format, &hl_exit_format, &hl_node_format, &hl_merged_format};
    static char plain[8192], quoted[8192];
    static struct _got a, b;
    long differ = 0, good = 0;

    for (long n = 0; n < 40000; n++) {
        const struct hl_format *f = formats[n % 4];
        size_t plen, qlen;

        _random_file(f, plain, quoted, sizeof(plain), &plen, &qlen);
        _read(f, plain, plen, &a);
        _read(f, quoted, qlen, &b);
        good += a.rows == 3;
        if (a.rows != b.rows || strcmp(a.text, b.text) != 0) {
            if (differ++ < 3)
                printf("# %.*s\n# one pass: %s\n# split: %s\n", (int)plen,
                       plain, a.text, b.text);
        }
    }
    ok(good > 1000 && good < 39000,
       "of 40,000 random files, some good (%ld) and most not", good);
    is_int(differ, 0, "each read in one pass as it is read split");
}

int main(void)
{
    _numbers();
    _field_ends();
    _rows();
    return done_testing();
}

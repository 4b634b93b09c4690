#include "csv_read.h"

#include <stdint.h>
#include <string.h>

/* The newline that ends the record at p, past the quoted fields' own;
 * NULL when there is none. Counts the newlines inside in *inner. */
static const char *_record_end(const char *p, const char *end, unsigned *inner)
{
    bool quoted = false, field_start = true;

    for (; p < end; p++) {
        if (quoted) {
            if (*p == '"' && p + 1 < end && p[1] == '"')
                p++;
            else if (*p == '"')
                quoted = false;
            else if (*p == '\n')
                (*inner)++;
            continue;
        }
        if (*p == '\n')
            return p;
        if (*p == '"' && field_start)
            quoted = true;
        field_start = *p == ',';
    }
    return NULL;
}

bool hl_csv_next_record(struct hl_cursor *c, const char **s, size_t *len,
                        bool *cut)
{
    const char *nl;
    unsigned inner = 0;

    *cut = false;
    if (c->p >= c->end)
        return false;
    /* Most records hold no quote: one memchr finds their end. */
    nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    if (!nl || memchr(c->p, '"', (size_t)(nl - c->p)))
        nl = _record_end(c->p, c->end, &inner);
    if (!nl) {
        *cut = true;
        return false;
    }
    *s = c->p;
    *len = (size_t)(nl - c->p);
    if (*len && (*s)[*len - 1] == '\r')
        (*len)--;
    c->p = nl + 1;
    c->line = c->lines + 1;
    c->lines += 1 + inner;
    return true;
}

/* The closing quote of the quoted field whose text starts at s. */
static const char *_closing_quote(const char *s, const char *end)
{
    while ((s = memchr(s, '"', (size_t)(end - s)))) {
        if (s + 1 < end && s[1] == '"')
            s += 2;
        else
            return s;
    }
    return NULL;
}

const char *hl_csv_field_end(const char *p, const char *end, bool *nul)
{
    *nul = false;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t ones = 0x0101010101010101ull, low7 = 0x7F * ones;

    /* A word of eight bytes at a time, the field being short and a million
     * records' many: the top bit of each byte that is zero, exactly (no
     * carry passes from one byte to the next), in the word's commas and
     * in its NULs. */
    for (; end - p >= 8; p += 8) {
        uint64_t x, y, commas, nuls;

        memcpy(&x, p, sizeof(x));
        y = x ^ ',' * ones;
        commas = ~(((y & low7) + low7) | y | low7);
        nuls = ~(((x & low7) + low7) | x | low7);
        if (commas) {
            /* The bits below the first comma's: the bytes before it. */
            *nul = *nul || (nuls & ((commas & (0 - commas)) - 1));
            return p + __builtin_ctzll(commas) / 8;
        }
        *nul = *nul || nuls;
    }
#endif
    for (; p < end && *p != ','; p++)
        *nul = *nul || !*p;
    return p;
}

/* The field that starts at s into *f: where it stops (its comma, or end),
 * or NULL when its quotes are not closed as they should be. */
static const char *_field(const char *s, const char *end, struct hl_field *f)
{
    const char *stop;

    if (s < end && *s == '"') {
        stop = _closing_quote(s + 1, end);
        if (!stop || (stop + 1 < end && stop[1] != ','))
            return NULL;
        *f = (struct hl_field){s + 1, (size_t)(stop - s - 1), true};
        return stop + 1;
    }
    stop = memchr(s, ',', (size_t)(end - s));
    stop = stop ? stop : end;
    *f = (struct hl_field){s, (size_t)(stop - s), false};
    return stop;
}

size_t hl_csv_split(const char *s, size_t len, struct hl_field *f)
{
    const char *end = s + len, *stop;
    size_t n = 0;

    for (;;) {
        if (n == HL_CSV_MAX_FIELDS)
            return n + 1;
        stop = _field(s, end, &f[n++]);
        if (!stop)
            return HL_CSV_BAD_QUOTES;
        if (stop == end)
            return n;
        s = stop + 1;
    }
}

const char *hl_csv_field_at(const char *s, const char *end, unsigned i,
                            struct hl_field *f)
{
    for (unsigned n = 0;; n++) {
        const char *stop = _field(s, end, f);

        if (!stop || n == i)
            return stop;
        if (stop == end)
            return NULL;
        s = stop + 1;
    }
}

bool hl_csv_is(const struct hl_field *f, const char *name)
{
    return strlen(name) == f->len && memcmp(name, f->s, f->len) == 0;
}

size_t hl_csv_unquote(const struct hl_field *f, char *out)
{
    size_t n = 0;

    for (size_t i = 0; i < f->len; i++) {
        out[n++] = f->s[i];
        if (f->quoted && f->s[i] == '"')
            i++;
    }
    return n;
}

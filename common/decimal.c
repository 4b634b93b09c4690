#include "decimal.h"

#include <string.h>

const char *hl_scan_i64(const char *s, const char *end, int64_t *out)
{
    int neg = s < end && s[0] == '-';
    const char *p;
    uint64_t v;

    /* INT64_MIN has no positive counterpart: negated in unsigned. */
    p = hl_scan_u64(s + neg, end, &v);
    if (!p || v > (uint64_t)INT64_MAX + (uint64_t)neg)
        return NULL;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return p;
}

const char *hl_scan_fixed(const char *s, const char *end, int digits,
                          int64_t *out)
{
    static const uint64_t units[] = {1,         10,        100,     1000,
                                     10000,     100000,    1000000, 10000000,
                                     100000000, 1000000000};
    uint64_t whole, frac = 0, unit = units[digits];
    const char *p = hl_scan_u64(s, end, &whole), *kept;
    int round_up = 0;

    if (!p || whole > INT64_MAX / unit)
        return NULL;
    if (p < end && *p == '.') {
        const char *from = ++p;

        /* The decimals kept and the one that rounds them, as one count;
         * any more are only digits to pass. */
        kept = hl_scan_u64(
            from, end - from > digits + 1 ? from + digits + 1 : end, &frac);
        if (!kept)
            return NULL;
        if (kept - from > digits) {
            round_up = frac % 10 >= 5;
            frac /= 10;
        } else {
            frac *= units[digits - (kept - from)];
        }
        for (p = kept; p < end && (unsigned)(*p - '0') <= 9; p++)
            ;
    }
    /* Whole seconds were bounded above, but their units plus the rounded
     * fraction can still pass INT64_MAX. */
    if (whole * unit + frac + (uint64_t)round_up > (uint64_t)INT64_MAX)
        return NULL;
    *out = (int64_t)(whole * unit + frac + (uint64_t)round_up);
    return p;
}

/* Each: the number is the whole of s[0..len). */
int hl_parse_u64(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;

    if (hl_scan_u64(s, s + len, &v) != s + len)
        return -1;
    *out = v;
    return 0;
}

int hl_parse_i64(const char *s, size_t len, int64_t *out)
{
    int64_t v;

    if (hl_scan_i64(s, s + len, &v) != s + len)
        return -1;
    *out = v;
    return 0;
}

int hl_parse_fixed(const char *s, size_t len, int digits, int64_t *out)
{
    int64_t v;

    if (hl_scan_fixed(s, s + len, digits, &v) != s + len)
        return -1;
    *out = v;
    return 0;
}

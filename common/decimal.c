#include "decimal.h"

int hl_parse_u64(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;

    if (len == 0)
        return -1;
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned)(s[i] - '0');

        /* Nineteen digits never pass UINT64_MAX: the division that checks
         * it waits for the twentieth (a timeline has thousands of
         * numbers). */
        if (d > 9 || (i >= 19 && v > (UINT64_MAX - d) / 10))
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int hl_parse_i64(const char *s, size_t len, int64_t *out)
{
    uint64_t v;
    int neg = len > 0 && s[0] == '-';

    /* INT64_MIN has no positive counterpart: negated in unsigned. */
    if (hl_parse_u64(s + neg, len - (size_t)neg, &v) < 0 ||
        v > (uint64_t)INT64_MAX + (uint64_t)neg)
        return -1;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

/* Seconds with up to `digits` decimals as a whole number of 10^-digits
 * seconds; more decimals are rounded. */
static int _parse_fixed(const char *s, size_t len, int digits, int64_t *out)
{
    size_t dot = 0;
    uint64_t whole, frac = 0, unit = 1;
    int seen = 0;
    int round_up = 0;

    for (int i = 0; i < digits; i++)
        unit *= 10;
    while (dot < len && s[dot] != '.')
        dot++;
    if (hl_parse_u64(s, dot, &whole) < 0 || whole > INT64_MAX / unit)
        return -1;
    if (dot < len) {
        if (dot + 1 == len)
            return -1;
        for (size_t i = dot + 1; i < len; i++) {
            unsigned d = (unsigned)(s[i] - '0');

            if (d > 9)
                return -1;
            if (seen < digits)
                frac = frac * 10 + d;
            else if (seen == digits)
                round_up = d >= 5;
            seen++;
        }
    }
    for (; seen < digits; seen++)
        frac *= 10;
    /* Whole seconds were bounded above, but their units plus the rounded
     * fraction can still pass INT64_MAX. */
    if (whole * unit + frac + (uint64_t)round_up > (uint64_t)INT64_MAX)
        return -1;
    *out = (int64_t)(whole * unit + frac + (uint64_t)round_up);
    return 0;
}

int hl_parse_ms(const char *s, size_t len, int64_t *out)
{
    return _parse_fixed(s, len, 3, out);
}

int hl_parse_ns(const char *s, size_t len, int64_t *out)
{
    return _parse_fixed(s, len, 9, out);
}

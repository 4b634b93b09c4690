/* Strict parsing of the numbers in records and in Slurm's output: no sign
 * where none belongs, no spaces, no locale. */
#ifndef HEAPLINE_COMMON_DECIMAL_H
#define HEAPLINE_COMMON_DECIMAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Each returns 0 and sets *out when s[0..len) is exactly a number of its
 * kind, else -1. */
int hl_parse_u64(const char *s, size_t len, uint64_t *out);
int hl_parse_i64(const char *s, size_t len, int64_t *out);

/* A number with up to digits decimals (1 to 9) as a whole number of
 * 10^-digits: seconds with three decimals ("0.015") as whole milliseconds
 * with digits 3 (columns.h's hl_col_decimals gives each kind's). More
 * decimals are rounded. */
int hl_parse_fixed(const char *s, size_t len, int digits, int64_t *out);

/* The same numbers at the start of s[0..end - s), for a reader that finds
 * a field's end as it parses it: each returns where the number stops (at
 * the first byte that cannot continue it, or end) and sets *out, or NULL
 * when no number of its kind starts at s. The number is the field when it
 * stops where the field does. */
const char *hl_scan_i64(const char *s, const char *end, int64_t *out);
const char *hl_scan_fixed(const char *s, const char *end, int digits,
                          int64_t *out);

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The digits that start the 8 bytes at s, found and converted in one word
 * (the first byte its lowest): how many (0 to 8) and their value. */
__attribute__((always_inline)) static inline unsigned
hl_digits_in_word(const char *s, uint64_t *value)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0xF0 * ones;
    const uint64_t low7 = 0x7F * ones;
    uint64_t x, other, nonzero;
    unsigned n;

    memcpy(&x, s, sizeof(x));
    /* A digit's byte is 0x30 to 0x39: its high nibble 3, and still 3 with
     * 6 added. A carry out of a byte comes from one that is no digit, and
     * only changes bytes after it. */
    other =
        ((x & high) ^ 0x30 * ones) | (((x + 6 * ones) & high) ^ 0x30 * ones);
    nonzero = (((other & low7) + low7) | other) & 0x80 * ones;
    n = nonzero ? (unsigned)__builtin_ctzll(nonzero) / 8 : 8;
    *value = 0;
    if (n == 0)
        return 0;
    /* The bytes after the digits shifted out: zeros come in before them,
     * leading zeros of the same value. */
    x = (x - 0x30 * ones) << (8 * (8 - n));
    x = x * 10 + (x >> 8);
    x = (((x & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
         (((x >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >>
        32;
    *value = x;
    return n;
}
#endif

/* A count, as hl_scan_i64 and the others; inline, as a record holds a
 * dozen and a million records are read. */
__attribute__((always_inline)) static inline const char *
hl_scan_u64(const char *s, const char *end, uint64_t *out)
{
    static const uint64_t ten_to[] = {
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    const char *p = s, *safe;
    uint64_t v = 0;
    unsigned d;

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* Sixteen digits at most this way: below 10^16, far from UINT64_MAX. */
    while (end - p >= 8 && p - s < 16) {
        uint64_t word;
        unsigned n = hl_digits_in_word(p, &word);

        v = v * ten_to[n] + word;
        p += n;
        if (n < 8) {
            if (p == s)
                return NULL;
            *out = v;
            return p;
        }
    }
#endif
    /* Nineteen digits never pass UINT64_MAX: the division that checks it
     * waits for the twentieth (a timeline has thousands of numbers). */
    safe = end - s > 19 ? s + 19 : end;
    for (; p < safe && (d = (unsigned)(*p - '0')) <= 9; p++)
        v = v * 10 + d;
    for (; p < end && (d = (unsigned)(*p - '0')) <= 9; p++) {
        if (v > (UINT64_MAX - d) / 10)
            return NULL;
        v = v * 10 + d;
    }
    if (p == s)
        return NULL;
    *out = v;
    return p;
}

#endif

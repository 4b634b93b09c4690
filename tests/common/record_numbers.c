/* Proves that the numbers of the files parse strictly (common/decimal.c):
 * counts and signed integers over their whole range and not one past it;
 * times with up to three decimals become whole milliseconds (more decimals
 * rounded half up), the largest time that fits parses, and one just past
 * it is refused rather than wrapped, as are signs, spaces and stray
 * characters; the start time's seconds with nine decimals become whole
 * nanoseconds the same way. */
#include <stdint.h>
#include <string.h>

#include "../tap.h"
#include "decimal.h"

static void _ms(const char *s, int64_t want)
{
    int64_t got = -1;

    is_int(hl_parse_fixed(s, strlen(s), 3, &got), 0, "'%s' parses", s);
    is_int(got, want, "'%s' is %lld ms", s, (long long)want);
}

static void _bad_ms(const char *s)
{
    int64_t got;

    ok(hl_parse_fixed(s, strlen(s), 3, &got) < 0, "'%s' is refused as a time",
       s);
}

static void _ns(const char *s, int64_t want)
{
    int64_t got = -1;

    is_int(hl_parse_fixed(s, strlen(s), 9, &got), 0, "'%s' parses", s);
    is_int(got, want, "'%s' is %lld ns", s, (long long)want);
}

static void _bad_ns(const char *s)
{
    int64_t got;

    ok(hl_parse_fixed(s, strlen(s), 9, &got) < 0,
       "'%s' is refused as a start time", s);
}

static void _i64(const char *s, int64_t want)
{
    int64_t got = 0;

    is_int(hl_parse_i64(s, strlen(s), &got), 0, "'%s' parses", s);
    is_int(got, want, "'%s' is %lld", s, (long long)want);
}

static void _bad_i64(const char *s)
{
    int64_t got;

    ok(hl_parse_i64(s, strlen(s), &got) < 0, "'%s' is refused as an integer",
       s);
}

static void _u64(const char *s, uint64_t want)
{
    uint64_t got = 0;

    is_int(hl_parse_u64(s, strlen(s), &got), 0, "'%s' parses", s);
    is_uint(got, want, "'%s' is %llu", s, (unsigned long long)want);
}

static void _bad_u64(const char *s)
{
    uint64_t got;

    ok(hl_parse_u64(s, strlen(s), &got) < 0, "'%s' is refused as a count", s);
}

int main(void)
{
    _ms("0.015", 15);
    _ms("2", 2000);
    _ms("2.0", 2000);
    _ms("0.0004", 0);
    _ms("0.0005", 1);
    _ms("1.9995", 2000);
    _ms("00000000002.513", 2513);
    _ms("9223372036854775.807", INT64_MAX);
    _bad_ms("9223372036854775.8078446");
    _bad_ms("9223372036854775.999");
    _bad_ms("9223372036854776");
    _bad_ms("");
    _bad_ms("1.");
    _bad_ms("-1.0");
    _bad_ms(" 1.0");
    _bad_ms("1,5");
    _ns("1764547200.123456789", 1764547200123456789);
    _ns("1764547200.5", 1764547200500000000);
    _ns("0.0000000004", 0);
    _ns("0.0000000005", 1);
    _ns("9223372036.854775807", INT64_MAX);
    _bad_ns("9223372036.8547758075");
    _bad_ns("9223372037");
    _bad_ns("1764547200.");
    _bad_ns("-1.0");
    _i64("-1", -1);
    _i64("0", 0);
    _i64("9223372036854775807", INT64_MAX);
    _i64("-9223372036854775808", INT64_MIN);
    _bad_i64("9223372036854775808");
    _bad_i64("-9223372036854775809");
    _bad_i64("-");
    _bad_i64("+1");
    _bad_i64("--1");
    _bad_i64("");
    _u64("00000000000000000017", 17);
    _u64("18446744073709551615", UINT64_MAX);
    _bad_u64("18446744073709551616");
    _bad_u64("-1");
    _bad_u64("1 ");
    _bad_u64("");
    return done_testing();
}

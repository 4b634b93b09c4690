/* Proves that the numbers of a record parse strictly: times with up to three
 * decimals become whole milliseconds (more decimals rounded half up), the
 * largest time that fits parses, and one just past it is refused rather
 * than wrapped, as are signs, spaces and stray characters. */
#include <stdint.h>
#include <string.h>

#include "decimal.h"
#include "tap.h"

static void _ms(const char *s, int64_t want)
{
    int64_t got = -1;
    int rc = hl_parse_ms(s, strlen(s), &got);

    tap_check(rc == 0 && got == want, "'%s' is %lld ms (got %lld)", s,
              (long long)want, (long long)got);
}

static void _bad_ms(const char *s)
{
    int64_t got;

    tap_check(hl_parse_ms(s, strlen(s), &got) < 0, "'%s' is refused", s);
}

int main(void)
{
    _ms("0.015", 15);
    _ms("2", 2000);
    _ms("2.0", 2000);
    _ms("0.0004", 0);
    _ms("0.0005", 1);
    _ms("1.9995", 2000);
    _ms("9223372036854775.807", INT64_MAX);
    _bad_ms("9223372036854775.8078446");
    _bad_ms("9223372036854775.999");
    _bad_ms("9223372036854776");
    _bad_ms("");
    _bad_ms("1.");
    _bad_ms("-1.0");
    _bad_ms(" 1.0");
    _bad_ms("1,5");
    return tap_done();
}

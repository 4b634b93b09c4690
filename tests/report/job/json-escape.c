/* Proves that text from files reaches JSON as a valid string whatever its
 * bytes: quotes and backslashes escaped, control characters as \u00XX,
 * each byte that is not part of well-formed UTF-8 (Latin-1, overlong
 * forms, surrogates, past U+10FFFF, cut short) as \ufffd, while good
 * UTF-8 passes as it is. */
#include <stdio.h>
#include <stdlib.h>

#include "../../tap.h"
#include "shared/json_str.h"

static void _is(const char *in, const char *want, const char *what)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    hl_json_str(f, in);
    fclose(f);
    is_str(buf, want, "%s", what);
    free(buf);
}

int main(void)
{
    _is("n\"1\\", "\"n\\\"1\\\\\"", "a quote and a backslash");
    _is("a\tb\x01\x7f", "\"a\\u0009b\\u0001\x7f\"", "control characters");
    _is("n\xe9"
        "1",
        "\"n\\ufffd1\"", "a Latin-1 host name");
    _is("\xc0\xaf", "\"\\ufffd\\ufffd\"", "an overlong form");
    _is("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"", "a surrogate");
    _is("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"",
        "past U+10FFFF");
    _is("\xe2\x80", "\"\\ufffd\\ufffd\"", "a sequence cut short");
    _is("\xe2\x80\xa0 n\xc3\xa9 \xf4\x8f\xbf\xbf \xef\xbf\xbe",
        "\"\xe2\x80\xa0 n\xc3\xa9 \xf4\x8f\xbf\xbf \xef\xbf\xbe\"",
        "good UTF-8, U+10FFFF and U+FFFE among it");
    return done_testing();
}

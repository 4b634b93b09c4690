/* Proves that text from files reaches the HTML page as text: the five
 * characters of markup as entities, and what XML 1.0 cannot hold or
 * HTML's parser counts an error (control characters, DEL and C1 among
 * them, bytes that are not UTF-8, overlong forms, surrogates) as U+FFFD,
 * while good UTF-8, tabs and line feeds pass as they are. */
#include <stdio.h>
#include <stdlib.h>

#include "../../tap.h"
#include "shared/html_escape.h"

static void _is(const char *in, const char *want, const char *what)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    hl_html_str(f, in);
    fclose(f);
    is_str(buf, want, "%s", what);
    free(buf);
}

int main(void)
{
    _is("<b>\"n&1'</b>", "&lt;b&gt;&quot;n&amp;1&#39;&lt;/b&gt;",
        "markup as entities");
    _is("n\x01"
        "1\r",
        "n\xef\xbf\xbd"
        "1\xef\xbf\xbd",
        "a control character");
    _is("n\x7f"
        "1\xc2\x85",
        "n\xef\xbf\xbd"
        "1\xef\xbf\xbd\xef\xbf\xbd",
        "DEL and a C1 control, which HTML counts as controls");
    _is("a\tb\nc", "a\tb\nc", "tab and line feed");
    _is("n\xff"
        "1",
        "n\xef\xbf\xbd"
        "1",
        "a byte that is not UTF-8");
    _is("\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd", "an overlong form");
    _is("\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", "a surrogate");
    _is("\xe2\x80\xa0 n\xc3\xa9", "\xe2\x80\xa0 n\xc3\xa9", "good UTF-8");
    _is("\xe2\x80", "\xef\xbf\xbd\xef\xbf\xbd", "a sequence cut short");
    return done_testing();
}

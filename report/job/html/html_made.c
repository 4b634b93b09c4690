/* What the page was made of and when: a page kept beside others, or sent
 * by mail, says which run it is. */
#include <time.h>

#include "html_parts.h"
#include "shared/html_escape.h"

/* The paths named; the others counted. */
#define _PATHS_SHOWN 5

void hl_html_made(FILE *out, const struct hl_report *r)
{
    time_t now = time(NULL);
    struct tm tm;
    char iso[32], shown[32];

    fputs("<p id=\"made\">Read from ", out);
    for (int i = 0; i < r->npaths && i < _PATHS_SHOWN; i++) {
        fputs(i == 0 ? "" : i + 1 == r->npaths ? " and " : ", ", out);
        fputs("<code>", out);
        hl_html_str(out, r->paths[i]);
        fputs("</code>", out);
    }
    if (r->npaths > _PATHS_SHOWN)
        fprintf(out, " and %d more", r->npaths - _PATHS_SHOWN);
    if (gmtime_r(&now, &tm) && strftime(iso, sizeof(iso), "%FT%TZ", &tm) &&
        strftime(shown, sizeof(shown), "%F %T UTC", &tm))
        fprintf(out, "; made <time datetime=\"%s\">%s</time>", iso, shown);
    fputs(".</p>\n", out);
}

/* A sentence of heapline-site's page as a paragraph (see site_html.h),
 * apart so that the page and its advice section both say theirs. */
#include "shared/html_escape.h"
#include "site_html.h"

void hl_site_html_para(FILE *out, const char *id, const char *cls,
                       const char *sentence)
{
    fprintf(out, "<p id=\"%s\"%s%s%s>", id, cls ? " class=\"" : "",
            cls ? cls : "", cls ? "\"" : "");
    hl_html_str(out, sentence);
    fputs("</p>\n", out);
}

/* The sites at the peak on the HTML page: the text report's tables
 * (html_callsites.c) and, where there are stacks, an icicle of them
 * (html_icicle.c). */
#ifndef HEAPLINE_REPORT_HTML_CALLSITES_H
#define HEAPLINE_REPORT_HTML_CALLSITES_H

#include <stdio.h>

#include "job/callsites/callsites_view.h"
#include "job/report.h"

/* The page's rules for them, in the page's <style>. Colours of Okabe and
 * Ito's: the program's own functions orange, the runtime's blue, each
 * with black text; no '<' or '&': the page stays XML. */
#define HL_HTML_CALLSITES_CSS                                                  \
    "td.site,th.site{text-align:left}"                                         \
    "svg.icicle rect{stroke:#fff;stroke-width:1}"                              \
    "svg.icicle .own{fill:#e69f00}svg.icicle .runtime{fill:#9ecae1}"           \
    "svg.icicle .all{fill:#ccc}"                                               \
    "svg.icicle text{font:11px sans-serif;fill:#000}"                          \
    ".legend rect.own{fill:#e69f00}.legend rect.runtime{fill:#9ecae1}"

/* The section "sites", when r shows sites: the sites at the peak with
 * their callers, the largest of the top ranks, the icicle. */
void hl_html_callsites(FILE *out, const struct hl_report *r);

/* Every stack at the peak as an icicle, in an <svg> as wide as the page's
 * charts: the outermost frames on top, each frame as wide as the bytes
 * under it, the frames that name nothing wider than a pixel left out.
 * Returns 0, or -1 when memory runs out (nothing written then). */
int hl_html_icicle(FILE *out, const struct hl_callsites_view *v);

#endif

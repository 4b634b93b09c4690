/* The parts of heapline-site's HTML page (site_html.c puts them in
 * order): one page with no external resource, inline CSS and SVG, no
 * script, XHTML-compatible so that an XML parser reads it, in the look of
 * heapline-report's page. */
#ifndef HEAPLINE_REPORT_SITE_HTML_H
#define HEAPLINE_REPORT_SITE_HTML_H

#include <stdio.h>

#include "site_out.h"

/* The users drawn in the chart, most waste first. */
#define HL_SITE_HTML_BARS 20

/* Requested and used memory-time of the users that wasted most, as bars
 * (site_html_bars.c). */
void hl_site_html_bars(FILE *out, const struct hl_site_view *v);

/* The advice of each user and job name, as a table and its notes
 * (site_html_advice.c); nothing when no user has any. */
void hl_site_html_advice(FILE *out, const struct hl_site_view *v);

#endif

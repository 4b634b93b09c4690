/* The look that heapline's pages share (heapline-report's, html_out.c,
 * and heapline-site's, site_html.c): fonts, headings, charts' axes,
 * legends and tables. A string literal, which each page's own rules
 * follow. No '<' or '&' in it: the pages stay XML. */
#ifndef HEAPLINE_REPORT_HTML_STYLE_H
#define HEAPLINE_REPORT_HTML_STYLE_H

#define HL_HTML_BASE_CSS                                                       \
    "body{font:14px/1.45 system-ui,sans-serif;color:#000;background:#fff;"     \
    "max-width:62em;margin:1em auto;padding:0 1em}"                            \
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}"                 \
    ".headline{font-weight:600}"                                               \
    "figure{margin:.8em 0;break-inside:avoid}"                                 \
    "svg.chart{display:block;width:100%;max-width:720px;height:auto}"          \
    ".yl,.xl,.axis{font:11px sans-serif;fill:#333}"                            \
    ".yl{text-anchor:end}.xl,.axis{text-anchor:middle}"                        \
    ".legend "                                                                 \
    ".item{display:inline-block;margin-right:1.2em;white-space:nowrap}"        \
    ".legend svg{vertical-align:middle;margin-right:.3em}"                     \
    "table{border-collapse:collapse}"                                          \
    "th,td{padding:.15em .6em;border-bottom:1px solid #ddd;text-align:right}"

#endif

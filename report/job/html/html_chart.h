/* The SVG charts of the HTML report: a plot of bytes over time, from 0 to
 * the end of the job and from 0 to a round size, with axes in the units
 * people read (B to TiB, s, min or h, chosen by range), and the lines and
 * marks drawn on it. Coordinates are whole pixels: a chart of 1,000 nodes
 * must stay small. Styles come from the page's CSS, by class. */
#ifndef HEAPLINE_REPORT_HTML_CHART_H
#define HEAPLINE_REPORT_HTML_CHART_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The charts' width, in their own units: a page as wide as a laptop's
 * screen shows them at their size, and the page's width scales them. */
#define HL_CHART_WIDTH 960

struct hl_chart {
    int width, height;            /* of the whole SVG, px */
    int left, right, top, bottom; /* of the plot, px */
    int64_t end_ms;               /* the time axis: 0 to end_ms */
    uint64_t ymax;                /* the size axis: 0 to ymax, rounded */
    const char *ylabel;           /* what the size axis measures */
};

/* The chart's geometry and scales: the size axis rounded up from ymax,
 * labelled "memory" (ylabel may be set after). */
void hl_chart_setup(struct hl_chart *c, int width, int height, int64_t end_ms,
                    uint64_t ymax);

/* Opens an <svg> of class cls with its <title> (label). */
void hl_chart_open(FILE *out, const struct hl_chart *c, const char *cls,
                   const char *label);

/* The grid, the axes' ticks and their titles: in the chart, or in a <g> that
 * charts of the same geometry share (a <use> of it costs 30 bytes, the axes
 * 500). */
void hl_chart_axes(FILE *out, const struct hl_chart *c);
void hl_chart_close(FILE *out);

int hl_chart_x(const struct hl_chart *c, int64_t ms);
int hl_chart_y(const struct hl_chart *c, uint64_t bytes);

/* A horizontal line at bytes, across the plot, with its tooltip. */
void hl_chart_hline(FILE *out, const struct hl_chart *c, uint64_t bytes,
                    const char *cls, const char *title);

/* A point marked at (ms, bytes), with its tooltip. */
void hl_chart_mark(FILE *out, const struct hl_chart *c, int64_t ms,
                   uint64_t bytes, const char *cls, const char *title);

/* The tooltip of a point: "rank 3 on n10, 2.9 s, 400.0 MiB". who is
 * escaped by the caller's printing. */
void hl_chart_point_title(char *buf, size_t size, const char *who, int64_t ms,
                          uint64_t bytes);

/* Values over time in columns of equal width, each the largest (or the
 * smallest) value marked within it, for a line that costs its columns
 * whatever the number of points behind it. */
#define HL_COLS_MAX 512

struct hl_cols {
    int n;
    int64_t end_ms;
    bool smallest;
    uint64_t v[HL_COLS_MAX];
    bool alive[HL_COLS_MAX];
};

void hl_cols_init(struct hl_cols *k, int n, int64_t end_ms, bool smallest);

/* Value v held from from_ms to to_ms (since the origin). */
void hl_cols_mark(struct hl_cols *k, int64_t from_ms, int64_t to_ms,
                  uint64_t v);

/* The columns as a step line of class cls, broken where none is alive;
 * title: its tooltip, NULL for none. */
void hl_chart_cols(FILE *out, const struct hl_chart *c, const struct hl_cols *k,
                   const char *cls, const char *title);

/* The area between two columns' lines (lo under hi), of class cls. */
void hl_chart_area(FILE *out, const struct hl_chart *c,
                   const struct hl_cols *lo, const struct hl_cols *hi,
                   const char *cls);

/* A step line through points given one by one: the value v from from_ms
 * on, until the next point or end(). */
struct hl_chart_line {
    FILE *out;
    const struct hl_chart *c;
    int y;
    bool open;
};

void hl_line_begin(struct hl_chart_line *l, FILE *out, const struct hl_chart *c,
                   const char *cls);
void hl_line_point(struct hl_chart_line *l, int64_t from_ms, uint64_t v);
void hl_line_end(struct hl_chart_line *l, int64_t end_ms, const char *title);

/* A legend entry: a line of class cls as the charts draw it, and its
 * words. */
void hl_html_legend_item(FILE *out, const char *cls, const char *words);

#endif

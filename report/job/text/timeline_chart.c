#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "job/model/figures.h"
#include "format_size.h"
#include "shared/text_table.h"
#include "job/timeline_out.h"

/* Columns of a row: with the figures before them, a row fits in 100. */
#define _COLUMNS 48

/* A row's levels, lowest to highest (U+2581 to U+2588). */
static const char *const _bars[] = {"\u2581", "\u2582", "\u2583", "\u2584",
                                    "\u2585", "\u2586", "\u2587", "\u2588"};

/* A row: the largest value seen in each column, and whether the process
 * (or any process of the node) was alive in it. */
struct _row {
    uint64_t value[_COLUMNS];
    bool alive[_COLUMNS];
};

/* The chart's time: from the origin to the end of the last process. */
struct _axis {
    int64_t end_ms;
    int64_t column_ms;
};

/* Adds value over [from_ms, to_ms) (since the origin) to the columns it
 * overlaps. */
static void _mark(struct _row *row, const struct _axis *ax, int64_t from_ms,
                  int64_t to_ms, uint64_t value)
{
    int64_t first = (from_ms > 0 ? from_ms : 0) / ax->column_ms;
    int64_t last = (to_ms > from_ms ? to_ms - 1 : from_ms) / ax->column_ms;

    if (last >= _COLUMNS)
        last = _COLUMNS - 1;
    for (int64_t c = first; c <= last; c++) {
        row->alive[c] = true;
        if (value > row->value[c])
            row->value[c] = value;
    }
}

/* The row's bars, each column scaled to max: "" when it is empty. */
static void _bars_of(const struct _row *row, uint64_t max, char *out)
{
    size_t len = 0;

    for (int c = 0; c < _COLUMNS; c++) {
        const char *bar = " ";

        if (row->alive[c]) {
            unsigned __int128 level =
                max ? (unsigned __int128)row->value[c] * 8 / max : 0;

            bar = _bars[level > 7 ? 7 : level];
        }
        memcpy(out + len, bar, strlen(bar));
        len += strlen(bar);
    }
    while (len && out[len - 1] == ' ')
        len--;
    out[len] = '\0';
}

static void _figure(struct hl_table *tab, uint64_t bytes, int64_t at_ms)
{
    char size[HL_SIZE_BUF], t[32];

    hl_format_size(bytes, size);
    hl_fmt_tenths(at_ms, t);
    hl_table_cell(tab, "%s at %s s", size, t);
}

static void _node_row(struct hl_table *tab, const struct hl_report *r,
                      const struct _axis *ax, const struct hl_node *n, int rss)
{
    const struct hl_conc *g = hl_timelines_grid(&r->set->timelines, n->host);
    int64_t origin_ms = r->sum->origin_ns / 1000000;
    char bars[_COLUMNS * 4 + 1];
    struct _row row = {0};

    for (int64_t c = g->grid.lo; c <= g->grid.hi; c++)
        _mark(&row, ax, (c << g->grid.shift) - origin_ms,
              ((c + 1) << g->grid.shift) - origin_ms,
              hl_conc_value(g, c, rss ? hl_conc_estimate(g) : HL_CONC_HEAP));
    _bars_of(&row, rss ? hl_node_estimate(n) : n->conc_heap, bars);
    hl_table_cell(tab, "node %s", hl_strpool_get(&r->set->hosts, n->host));
    hl_table_cell(tab, "%s", rss ? hl_node_estimate_word(n) : "heap");
    _figure(tab, rss ? hl_node_estimate(n) : n->conc_heap,
            rss ? hl_node_estimate_ms(n) : n->conc_heap_ms);
    hl_table_cell(tab, "%s", bars);
}

static void _rank_row(struct hl_table *tab, const struct hl_report *r,
                      const struct _axis *ax, const struct hl_proc *p)
{
    const struct hl_series *s = &r->set->timelines.series[p->series];
    int64_t end_ms =
        hl_point_ms(r, p, &s->points[0]) + p->elapsed_ms - s->points[0].t_ms;
    char bars[_COLUMNS * 4 + 1], who[160];
    struct _row row = {0};
    uint32_t top = 0;

    for (uint32_t i = 0; i < s->n; i++) {
        int64_t from = hl_point_ms(r, p, &s->points[i]);
        int64_t to =
            i + 1 < s->n ? hl_point_ms(r, p, &s->points[i + 1]) : end_ms;

        _mark(&row, ax, from, to, s->points[i].heap);
        if (s->points[i].heap > s->points[top].heap)
            top = i;
    }
    _bars_of(&row, s->points[top].heap, bars);
    hl_fmt_who(r->set, p, who, sizeof(who));
    hl_table_cell(tab, "%s", who);
    hl_table_cell(tab, "heap");
    _figure(tab, s->points[top].heap, hl_point_ms(r, p, &s->points[top]));
    hl_table_cell(tab, "%s", bars);
}

int64_t hl_timeline_end_ms(const struct hl_report *r)
{
    int64_t end = 1;

    for (size_t i = 0; i < r->set->count; i++) {
        const struct hl_proc *p = &r->set->procs[i];
        int64_t e;

        if (p->start_ns < 0)
            continue;
        e = (p->start_ns - r->sum->origin_ns) / 1000000 + p->elapsed_ms;
        if (e > end)
            end = e;
    }
    return end;
}

void hl_print_timeline_chart(FILE *out, const struct hl_report *r)
{
    size_t shown = hl_shown_rows(r), rows = 0;
    struct _axis ax;
    struct hl_table tab;
    char from[32], to[32], step[32];

    if (r->sum->origin_ns < 0)
        return;
    ax.end_ms = hl_timeline_end_ms(r);
    ax.column_ms = (ax.end_ms + _COLUMNS - 1) / _COLUMNS;
    hl_table_init(&tab, 4);
    for (size_t i = 0; i < r->sum->nnodes; i++) {
        const struct hl_node *n = &r->sum->nodes[i];

        if (n->conc_rss_known)
            _node_row(&tab, r, &ax, n, 1), rows++;
        if (n->conc_known)
            _node_row(&tab, r, &ax, n, 0), rows++;
    }
    for (size_t i = 0; i < shown; i++) {
        const struct hl_proc *p = &r->set->procs[hl_row_proc(r, i)];

        if (p->series != HL_NO_SERIES)
            _rank_row(&tab, r, &ax, p), rows++;
    }
    if (!rows) {
        hl_table_print(&tab, out);
        return;
    }
    hl_fmt_tenths(0, from);
    hl_fmt_tenths(ax.end_ms, to);
    hl_fmt_span(ax.column_ms, step);
    fprintf(out,
            "Timeline from %s to %s s, a column every %s (its largest "
            "value), each row to its own scale\n",
            from, to, step);
    hl_table_print(&tab, out);
    fputc('\n', out);
}

#include <inttypes.h>

#include "job/model/figures.h"
#include "job/timeline_out.h"

int64_t hl_point_ms(const struct hl_report *r, const struct hl_proc *p,
                    const struct hl_timeline_point *point)
{
    int64_t ms = p->start_ns / 1000000 + point->t_ms;
    int64_t origin_ms = r->sum->origin_ns / 1000000;

    return ms > origin_ms ? ms - origin_ms : 0;
}

void hl_json_timeline_origin(FILE *out, const struct hl_report *r)
{
    fputs("  \"timeline_origin_s\": ", out);
    if (r->sum->origin_ns >= 0)
        fprintf(out, "%" PRId64 ".%09" PRId64 ",\n",
                r->sum->origin_ns / 1000000000, r->sum->origin_ns % 1000000000);
    else
        fputs("null,\n", out);
}

/* ", NAME: ms as seconds" (a time before the origin is negative), or
 * null when not known. */
static void _time(FILE *out, const char *name, int64_t ms, int known)
{
    char t[32];

    hl_fmt_ms(ms < 0 ? -ms : ms, t);
    if (known)
        fprintf(out, ", \"%s\": %s%s", name, ms < 0 ? "-" : "", t);
    else
        fprintf(out, ", \"%s\": null", name);
}

static void _bytes(FILE *out, const char *name, uint64_t bytes, int known)
{
    if (known)
        fprintf(out, ", \"%s\": %" PRIu64, name, bytes);
    else
        fprintf(out, ", \"%s\": null", name);
}

/* ", NAME: [...]": a sum in every cell of the grid in use. */
static void _values(FILE *out, const char *name, const struct hl_conc *g,
                    enum hl_conc_series s)
{
    fprintf(out, ", \"%s\": [", name);
    for (int64_t c = g->grid.lo; c <= g->grid.hi; c++)
        fprintf(out, "%s%" PRIu64, c > g->grid.lo ? ", " : "",
                hl_conc_value(g, c, s));
    fputc(']', out);
}

/* The node's cells, from the first in use to the last: when the first
 * starts, how long each lasts, and each one's sums. */
static void _cells(FILE *out, const struct hl_report *r,
                   const struct hl_node *n)
{
    const struct hl_conc *g = hl_timelines_grid(&r->set->timelines, n->host);

    fputs(", \"timeline\": {\"cells\": ", out);
    fprintf(out, "%" PRId64, g->grid.hi - g->grid.lo + 1);
    _time(out, "start_s",
          (g->grid.lo << g->grid.shift) - r->sum->origin_ns / 1000000, 1);
    _time(out, "step_s", hl_grid_cell_ms(&g->grid), 1);
    _values(out, "heap_bytes", g, HL_CONC_HEAP);
    if (n->conc_rss_known) {
        _values(out, "rss_bytes", g, HL_CONC_RSS);
        _values(out, "upper_bound_bytes", g, HL_CONC_RSS_HI);
    } else {
        fputs(", \"rss_bytes\": null, \"upper_bound_bytes\": null", out);
    }
    if (n->conc_lower_known)
        _values(out, "lower_bound_bytes", g, hl_conc_lower(g));
    else
        fputs(", \"lower_bound_bytes\": null", out);
    if (n->conc_pss_known)
        _values(out, "pss_bytes", g, HL_CONC_PSS);
    else
        fputs(", \"pss_bytes\": null", out);
    fputc('}', out);
}

void hl_json_node_timeline(FILE *out, const struct hl_report *r,
                           const struct hl_node *n)
{
    _bytes(out, "concurrent_rss_bytes", n->conc_rss, n->conc_rss_known);
    _time(out, "concurrent_rss_time_s", n->conc_rss_ms, n->conc_rss_known);
    _bytes(out, "concurrent_pss_bytes", n->conc_pss, n->conc_pss_known);
    _time(out, "concurrent_pss_time_s", n->conc_pss_ms, n->conc_pss_known);
    _bytes(out, "concurrent_lower_bound_bytes", n->conc_lower,
           n->conc_lower_known);
    _time(out, "concurrent_lower_bound_time_s", n->conc_lower_ms,
          n->conc_lower_known);
    _bytes(out, "concurrent_upper_bound_bytes", n->conc_upper,
           n->conc_rss_known);
    _bytes(out, "concurrent_heap_bytes", n->conc_heap, n->conc_known);
    _time(out, "concurrent_heap_time_s", n->conc_heap_ms, n->conc_known);
    _time(out, "timeline_resolution_s", n->conc_cell_ms, n->conc_known);
    _bytes(out, "need_bytes", n->used, 1);
    fprintf(out, ", \"need_from\": \"%s\"", hl_used_name(n->used_from));
    if (r->timeline && n->conc_known)
        _cells(out, r, n);
}

void hl_json_rank_timeline(FILE *out, const struct hl_report *r,
                           const struct hl_proc *p)
{
    const struct hl_series *s;
    char t[32];

    if (!r->timeline)
        return;
    if (p->series == HL_NO_SERIES) {
        fputs(", \"timeline\": null", out);
        return;
    }
    s = &r->set->timelines.series[p->series];
    fputs(", \"timeline\": [", out);
    for (uint32_t i = 0; i < s->n; i++) {
        hl_fmt_ms(hl_point_ms(r, p, &s->points[i]), t);
        fprintf(out, "%s[%s, %" PRIu64 ", ", i ? ", " : "", t,
                s->points[i].heap);
        if (s->points[i].rss == HL_TIMELINE_UNKNOWN)
            fputs("null]", out);
        else
            fprintf(out, "%" PRIu64 "]", s->points[i].rss);
    }
    fputc(']', out);
}

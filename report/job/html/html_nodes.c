#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "job/model/figures.h"
#include "job/model/shared_mem.h"
#include "format_size.h"
#include "html_chart.h"
#include "shared/html_escape.h"
#include "html_parts.h"

/* The nodes' charts share about this many columns, so that 1,000 nodes
 * stay well under 1 MiB and a few nodes get a column per pixel. */
#define _COLUMNS_ALL 12000
#define _COLUMNS_MIN 12

static uint64_t _max(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* "n2: 2 ranks; RSS 3.0 GiB at 1.0 s; ...", with the words of the text
 * report's node table. */
static void _caption(FILE *out, const struct hl_node *n, const char *name)
{
    char size[HL_SIZE_BUF], t[32];

    fputs("<figcaption><b>", out);
    hl_html_str(out, name);
    fprintf(out, "</b>: %" PRIu32 " rank%s", n->ranks,
            n->ranks == 1 ? "" : "s");
    if (n->procs != n->ranks)
        fprintf(out, ", %" PRIu32 " processes", n->procs);
    if (n->true_peak) {
        hl_format_size(n->true_peak, size);
        fprintf(out, "; true peak %s", size);
    }
    if (n->conc_pss_known) {
        hl_format_size(n->conc_pss, size);
        hl_fmt_tenths(n->conc_pss_ms, t);
        fprintf(out, "; PSS %s at %s s", size, t);
    }
    if (n->conc_rss_known) {
        hl_format_size(n->conc_rss, size);
        hl_fmt_tenths(n->conc_rss_ms, t);
        fprintf(out, "; RSS %s at %s s", size, t);
    }
    if (n->conc_lower_known) {
        hl_format_size(n->conc_lower, size);
        fprintf(out, "; at least %s at once", size);
    }
    if (n->conc_known) {
        hl_format_size(n->conc_heap, size);
        hl_fmt_tenths(n->conc_heap_ms, t);
        fprintf(out, "; heap %s at %s s", size, t);
    }
    hl_format_size(n->vmhwm_sum, size);
    fprintf(out, "; sum of VmHWM %s", size);
    if (hl_node_shmem_shown(n)) {
        char shared[96];

        hl_fmt_node_shmem_cell(n, shared, sizeof(shared));
        fprintf(out, "; %s", shared);
    }
    if (n->limit) {
        if (n->request) {
            hl_format_size(n->request, size);
            fprintf(out, "; %" PRIu64 "%% of %s", n->percent, size);
        }
        if (n->limit != n->request) {
            hl_format_size(n->limit, size);
            fprintf(out, "; %" PRIu64 "%% of the %s limit the kernel enforced",
                    n->limit_percent, size);
        }
    }
    /* The verdict of the text report's node table. */
    if (n->oom)
        fputs(", <strong>out of memory</strong>", out);
    else if (n->over)
        fputs(", <strong>over the request</strong>", out);
    if (!n->conc_known)
        fputs("; no timeline of all its processes", out);
    fputs("</figcaption>", out);
}

/* The node's sums moment by moment, each cell where it lies on the axis. */
static void _sums(FILE *out, const struct hl_report *r,
                  const struct hl_chart *c, const struct hl_node *n,
                  const char *name, int ncols)
{
    const struct hl_conc *g = hl_timelines_grid(&r->set->timelines, n->host);
    int64_t origin_ms = r->sum->origin_ns / 1000000;
    static struct hl_cols rss, heap;
    char title[256];

    hl_cols_init(&rss, ncols, c->end_ms, false);
    hl_cols_init(&heap, ncols, c->end_ms, false);
    for (int64_t k = g->grid.lo; k <= g->grid.hi; k++) {
        int64_t from = (k << g->grid.shift) - origin_ms;
        int64_t to = ((k + 1) << g->grid.shift) - origin_ms;

        hl_cols_mark(&rss, from, to, hl_conc_value(g, k, hl_conc_estimate(g)));
        hl_cols_mark(&heap, from, to, hl_conc_value(g, k, HL_CONC_HEAP));
    }
    if (n->conc_rss_known) {
        snprintf(title, sizeof(title), "%s of %s, summed",
                 hl_node_estimate_word(n), name);
        hl_chart_cols(out, c, &rss, "rss", title);
    }
    snprintf(title, sizeof(title), "heap of %s, summed", name);
    hl_chart_cols(out, c, &heap, "heap", title);
    if (n->conc_rss_known) {
        snprintf(title, sizeof(title), "concurrent %s peak of node %s",
                 hl_node_estimate_word(n), name);
        hl_chart_point_title(title + strlen(title),
                             sizeof(title) - strlen(title), "",
                             hl_node_estimate_ms(n), hl_node_estimate(n));
        hl_chart_mark(out, c, hl_node_estimate_ms(n), hl_node_estimate(n),
                      "peak", title);
    }
}

/* A line across the chart; one above its scale (a request far above the
 * use, the chart zoomed on the use) is drawn along its top, and says so. */
static void _line(FILE *out, const struct hl_chart *c, uint64_t bytes,
                  const char *cls, const char *what)
{
    char size[HL_SIZE_BUF], title[128];

    hl_format_size(bytes, size);
    snprintf(title, sizeof(title), "%s %s%s", what, size,
             bytes > c->ymax ? ", above the scale: drawn along its top" : "");
    hl_chart_hline(out, c, bytes > c->ymax ? c->ymax : bytes, cls, title);
}

/* The largest figure of what the node used that its chart shows. */
static uint64_t _used_top(const struct hl_node *n)
{
    return _max(_max(n->vmhwm_sum, n->true_peak),
                _max(n->conc_rss, n->conc_heap));
}

/* A request or limit this many times above the largest use, the charts
 * zoom on the use: the use would be a few pixels at the bottom. */
#define _ZOOM_ABOVE 4

static void _node(FILE *out, const struct hl_report *r, const struct hl_node *n,
                  const struct hl_chart *c, int ncols)
{
    const char *name = hl_strpool_get(&r->set->hosts, n->host);
    char label[256];

    fputs("<figure class=\"node\">", out);
    _caption(out, n, name);
    snprintf(label, sizeof(label), "node %s over time", name);
    hl_chart_open(out, c, "node-chart", label);
    fputs("<use href=\"#node-axes\"/>", out);
    if (n->conc_known)
        _sums(out, r, c, n, name, ncols);
    _line(out, c, n->vmhwm_sum, "hwm", "sum of VmHWM");
    if (n->true_peak)
        _line(out, c, n->true_peak, "truepeak", "true peak");
    if (n->request)
        _line(out, c, n->request, "mem", "request per node");
    if (n->mem_limit && n->mem_limit != n->request)
        _line(out, c, n->mem_limit, "limit", "limit the kernel enforced");
    hl_chart_close(out);
    fputs("</figure>\n", out);
}

/* The shared memory that the sum of VmHWM counted more than once, as the
 * text says it: of the first node that has some, and how many others. */
static void _shmem(FILE *out, const struct hl_report *r)
{
    const struct hl_node *first = NULL;
    size_t count = 0;
    char text[768];

    for (size_t i = 0; i < r->sum->nnodes; i++) {
        if (!hl_node_shmem_shown(&r->sum->nodes[i]))
            continue;
        if (!first)
            first = &r->sum->nodes[i];
        count++;
    }
    if (!first)
        return;
    hl_fmt_node_shmem(first, hl_strpool_get(&r->set->hosts, first->host), text,
                      sizeof(text));
    fputs("<p class=\"shared\">", out);
    hl_html_str(out, text);
    if (count > 1)
        fprintf(out, " So on %zu other node%s: their captions say how much.",
                count - 1, count == 2 ? "" : "s");
    fputs("</p>\n", out);
}

/* All nodes share one scale, so that their charts compare at a glance
 * (the request at one height), and one drawing of the axes. */
void hl_html_nodes(FILE *out, const struct hl_report *r, int64_t end_ms)
{
    size_t nn = r->sum->nnodes;
    int ncols = (int)(_COLUMNS_ALL / (nn ? nn : 1));
    uint64_t ymax = 0, lines = 0;
    bool rss = false, pss = false, heap = false, limit = false, zoomed;
    struct hl_chart c;

    if (ncols < _COLUMNS_MIN)
        ncols = _COLUMNS_MIN;
    for (size_t i = 0; i < nn; i++) {
        ymax = _max(ymax, _used_top(&r->sum->nodes[i]));
        lines = _max(
            lines, _max(r->sum->nodes[i].request, r->sum->nodes[i].mem_limit));
        rss |= r->sum->nodes[i].conc_rss_known;
        pss |= r->sum->nodes[i].conc_pss_known;
        heap |= r->sum->nodes[i].conc_known;
        limit |= r->sum->nodes[i].mem_limit &&
                 r->sum->nodes[i].mem_limit != r->sum->nodes[i].request;
    }
    zoomed = ymax && lines / _ZOOM_ABOVE > ymax;
    hl_chart_setup(&c, HL_CHART_WIDTH, nn > 16 ? 120 : 180, end_ms,
                   zoomed ? ymax : _max(ymax, lines));
    /* The legend names the lines drawn: without timelines, no sums. */
    fputs("<section id=\"nodes\"><h2>Per node</h2><p class=\"legend\">", out);
    if (rss)
        hl_html_legend_item(out, "rss",
                            pss ? "PSS summed moment by moment (RSS on a node "
                                  "where no process read its PSS)"
                                : "RSS summed moment by moment");
    if (heap)
        hl_html_legend_item(out, "heap", "heap summed moment by moment");
    hl_html_legend_item(out, "hwm", "sum of VmHWM");
    if (r->sum->true_peaks)
        hl_html_legend_item(out, "truepeak", "true peak (memory cgroup)");
    if (r->req.kind != HL_REQ_NONE)
        hl_html_legend_item(out, "mem", "request per node");
    if (limit)
        hl_html_legend_item(out, "limit",
                            "limit the kernel enforced, where Slurm made it "
                            "other than the request");
    if (rss)
        fprintf(
            out,
            "<span class=\"item\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"12\" height=\"12\"><circle class=\"peak\" cx=\"6\" "
            "cy=\"6\" r=\"4\"/></svg> concurrent %s peak</span>",
            pss ? "PSS or RSS" : "RSS");
    if (zoomed)
        fputs("<span class=\"item\">the request is more than four times what "
              "any node used: the charts show the use, the request drawn "
              "along their top</span>",
              out);
    fputs("</p>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"defs\" "
          "width=\"0\" height=\"0\"><defs><g id=\"node-axes\">",
          out);
    hl_chart_axes(out, &c);
    fputs("</g></defs></svg>\n", out);
    for (size_t i = 0; i < nn; i++)
        _node(out, r, &r->sum->nodes[i], &c, ncols);
    _shmem(out, r);
    fputs("</section>\n", out);
}

/* --predict as one CSV table, from a column table as the report's other
 * CSV outputs are: a row per run, as measured, then a row for the run
 * predicted, with each figure's standard error and 95% interval (empty
 * for a run, and with two runs, which leave no degree of freedom), and
 * the request. A refused prediction has the runs' rows only (the reason
 * is on stderr). The fit's parts are in the text and JSON. */
#include <math.h>
#include <stdio.h>

#include "buf.h"
#include "format_write.h"
#include "job/model/figures.h"
#include "predict_main.h"

#define _COLUMNS(X)                                                            \
    X(kind, "kind", TEXT, 0, "run (measured) or prediction")                   \
    X(ranks, "ranks", COUNT, 0, "its ranks")                                   \
    X(nodes, "nodes", COUNT, 0, "its nodes")                                   \
    X(ranks_per_node, "ranks_per_node", COUNT, 0,                              \
      "the ranks of its fullest node")                                         \
    X(vmhwm, "rank_vmhwm_bytes", COUNT, 0, "the largest VmHWM of a rank")      \
    X(vmhwm_se, "rank_vmhwm_se_bytes", COUNT, HL_COL_EMPTY,                    \
      "its standard error")                                                    \
    X(vmhwm_low, "rank_vmhwm_low_bytes", COUNT, HL_COL_EMPTY,                  \
      "its 95% interval's lower end")                                          \
    X(vmhwm_high, "rank_vmhwm_high_bytes", COUNT, HL_COL_EMPTY,                \
      "its 95% interval's upper end")                                          \
    X(heap, "rank_peak_heap_bytes", COUNT, 0,                                  \
      "the largest peak heap of a rank")                                       \
    X(heap_se, "rank_peak_heap_se_bytes", COUNT, HL_COL_EMPTY,                 \
      "its standard error")                                                    \
    X(heap_low, "rank_peak_heap_low_bytes", COUNT, HL_COL_EMPTY,               \
      "its 95% interval's lower end")                                          \
    X(heap_high, "rank_peak_heap_high_bytes", COUNT, HL_COL_EMPTY,             \
      "its 95% interval's upper end")                                          \
    X(node, "node_bytes", COUNT, 0, "the largest need of a node")              \
    X(node_se, "node_se_bytes", COUNT, HL_COL_EMPTY, "its standard error")     \
    X(node_low, "node_low_bytes", COUNT, HL_COL_EMPTY,                         \
      "its 95% interval's lower end")                                          \
    X(node_high, "node_high_bytes", COUNT, HL_COL_EMPTY,                       \
      "its 95% interval's upper end")                                          \
    X(node_ranks, "node_ranks", COUNT, 0, "the ranks of that node")            \
    X(node_from, "node_from", TEXT, 0,                                         \
      "what a run's node need was taken from; empty for the prediction")       \
    X(request, "request_bytes", COUNT, HL_COL_EMPTY,                           \
      "the --mem to request per node; empty for a run")                        \
    X(run, "run", TEXT, 0, "the operand that named the run")

#define _ENUM(member, ...) _COL_##member,
HL_FORMAT_TYPES(_csv_row, _COLUMNS, _ENUM, _NCOLUMNS);
#define _DESC(...) HL_COLUMN_DESC(struct _csv_row, __VA_ARGS__)
static const struct hl_column _columns[] = {_COLUMNS(_DESC)};
static const struct hl_format _table = {NULL, 0, "predict CSV", _columns,
                                        _NCOLUMNS};

/* The columns of an interval and the request, empty in a run's row. */
static const uint64_t _no_interval =
    HL_EMPTY(_COL_vmhwm_se) | HL_EMPTY(_COL_vmhwm_low) |
    HL_EMPTY(_COL_vmhwm_high) | HL_EMPTY(_COL_heap_se) |
    HL_EMPTY(_COL_heap_low) | HL_EMPTY(_COL_heap_high) |
    HL_EMPTY(_COL_node_se) | HL_EMPTY(_COL_node_low) | HL_EMPTY(_COL_node_high);

static void _print(FILE *out, const struct _csv_row *row)
{
    char text[8192];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    hl_format_write_values(&b, &_table, row, 0);
    hl_buf_char(&b, '\n');
    fwrite(text, 1, b.len, out);
}

static uint64_t _bytes(double v)
{
    return v > 0 ? (uint64_t)llround(v) : 0;
}

static void _prediction(FILE *out, const struct hl_prediction *p)
{
    const struct hl_predict_value *v = p->value;
    struct _csv_row row = {
        .kind = "prediction",
        .ranks = p->ranks,
        .nodes = p->nodes,
        .ranks_per_node = p->ranks_per_node,
        .vmhwm = _bytes(v[HL_PF_RANK_VMHWM].bytes),
        .vmhwm_se = _bytes(v[HL_PF_RANK_VMHWM].se),
        .vmhwm_low = _bytes(v[HL_PF_RANK_VMHWM].low),
        .vmhwm_high = _bytes(v[HL_PF_RANK_VMHWM].high),
        .heap = _bytes(v[HL_PF_RANK_HEAP].bytes),
        .heap_se = _bytes(v[HL_PF_RANK_HEAP].se),
        .heap_low = _bytes(v[HL_PF_RANK_HEAP].low),
        .heap_high = _bytes(v[HL_PF_RANK_HEAP].high),
        .node = _bytes(v[HL_PF_NODE].bytes),
        .node_se = _bytes(v[HL_PF_NODE].se),
        .node_low = _bytes(v[HL_PF_NODE].low),
        .node_high = _bytes(v[HL_PF_NODE].high),
        .node_ranks = p->ranks_per_node,
        .request = p->request,
    };

    if (p->nruns < 3)
        row.empty |= _no_interval;
    _print(out, &row);
}

void hl_predict_print_csv(FILE *out, const struct hl_prediction *p)
{
    char names[2048];
    struct hl_buf b;

    hl_buf_init(&b, names, sizeof(names));
    hl_format_write_names(&b, &_table, 0);
    hl_buf_char(&b, '\n');
    fwrite(names, 1, b.len, out);
    for (size_t i = 0; i < p->nruns; i++) {
        const struct hl_predict_run *r = &p->runs[i];
        struct _csv_row row = {
            .empty = _no_interval | HL_EMPTY(_COL_request),
            .kind = "run",
            .ranks = r->ranks,
            .nodes = r->nodes,
            .ranks_per_node = r->ranks_per_node,
            .vmhwm = r->fig[HL_PF_RANK_VMHWM],
            .heap = r->fig[HL_PF_RANK_HEAP],
            .node = r->fig[HL_PF_NODE],
            .node_ranks = r->node_ranks,
            .node_from = hl_used_name(r->node_from),
            .run = r->path,
        };

        _print(out, &row);
    }
    if (p->predicted)
        _prediction(out, p);
}

#define _GNU_SOURCE /* qsort_r */
#include "text_nodes.h"

#include <inttypes.h>
#include <stdlib.h>

#include "format_size.h"
#include "text_table.h"
#include "text_wrap.h"

static const char *_s(size_t n)
{
    return n == 1 ? "" : "s";
}

/* Nodes over the request first, then the largest, then in natural
 * order. */
static int _cmp_shown(const void *va, const void *vb, void *nodes)
{
    const struct hl_node *a = (const struct hl_node *)nodes + *(size_t *)va;
    const struct hl_node *b = (const struct hl_node *)nodes + *(size_t *)vb;

    if (a->over != b->over)
        return a->over ? -1 : 1;
    if (a->used != b->used)
        return a->used > b->used ? -1 : 1;
    return *(size_t *)va < *(size_t *)vb ? -1 : 1;
}

/* "330.0 MiB", and when the request is compared with this figure,
 * " (32% of 1.0 GiB)". */
static void _figure(struct hl_table *tab, const char *label, uint64_t bytes,
                    const struct hl_node *n, int compared)
{
    char size[HL_SIZE_BUF], req[HL_SIZE_BUF];

    hl_format_size(bytes, size);
    if (compared && n->request) {
        hl_format_size(n->request, req);
        hl_table_cell(tab, "%s%s (%" PRIu64 "%% of %s)", label, size,
                      n->percent, req);
    } else {
        hl_table_cell(tab, "%s%s", label, size);
    }
}

static const char *_verdict(const struct hl_node *n)
{
    return n->oom ? "out of memory" : n->over ? "over the request" : "";
}

/* With node files, each node's true peak beside its sum of VmHWM, and the
 * percentage of the request beside the figure it is of: the true peak
 * where there is one. */
static void _row(struct hl_table *tab, const struct hl_report *r,
                 const struct hl_node *n, int cgroups)
{
    char size[HL_SIZE_BUF], req[HL_SIZE_BUF];

    hl_table_cell(tab, "%s", hl_strpool_get(&r->set->hosts, n->host));
    if (n->procs != n->ranks)
        hl_table_cell(tab, "%" PRIu32 " rank%s, %" PRIu32 " processes",
                      n->ranks, _s(n->ranks), n->procs);
    else
        hl_table_cell(tab, "%" PRIu32 " rank%s", n->ranks, _s(n->ranks));
    if (cgroups) {
        if (n->true_peak)
            _figure(tab, "true peak ", n->true_peak, n, 1);
        else
            hl_table_cell(tab, "%s", "");
        _figure(tab, "sum of VmHWM ", n->vmhwm_sum, n, !n->used_true_peak);
        hl_table_cell(tab, "%s", _verdict(n));
        return;
    }
    hl_format_size(n->vmhwm_sum, size);
    hl_table_cell(tab, "%s", size);
    if (n->request) {
        hl_format_size(n->request, req);
        hl_table_cell(tab, "%" PRIu64 "%% of %s", n->percent, req);
    } else {
        hl_table_cell(tab, "%s", "");
    }
    hl_table_cell(tab, "%s", _verdict(n));
}

/* "... and 147 more nodes, 3 of them over the request". */
static void _others(FILE *out, const struct hl_report *r, const size_t *order,
                    size_t shown)
{
    size_t more = r->sum->nnodes - shown, over = 0;
    char text[64];

    for (size_t i = shown; i < r->sum->nnodes; i++)
        over += r->sum->nodes[order[i]].over;
    if (over)
        snprintf(text, sizeof(text), "%zu of them over the request", over);
    else
        snprintf(text, sizeof(text), "none over the request");
    fprintf(out, " ... and %zu more node%s, %s (--all shows every node)\n",
            more, _s(more), text);
}

int hl_print_text_nodes(FILE *out, const struct hl_report *r)
{
    const struct hl_summary *sum = r->sum;
    size_t shown = sum->nnodes <= r->top ? sum->nnodes : r->top;
    size_t *order = malloc(sum->nnodes * sizeof(*order));
    int cgroups = sum->true_peaks > 0;
    struct hl_table tab;

    if (!order)
        return -1;
    for (size_t i = 0; i < sum->nnodes; i++)
        order[i] = i;
    if (shown < sum->nnodes)
        qsort_r(order, sum->nnodes, sizeof(*order), _cmp_shown, sum->nodes);
    hl_table_init(&tab, 5);
    for (size_t i = 0; i < shown; i++)
        _row(&tab, r, &sum->nodes[order[i]], cgroups);
    fputs(cgroups ? "Per node, true peak (the step's memory cgroup) and sum "
                    "of VmHWM\n"
                  : "Per node, sum of VmHWM (an upper bound to compare with "
                    "--mem)\n",
          out);
    hl_table_print(&tab, out);
    if (shown < sum->nnodes)
        _others(out, r, order, shown);
    free(order);
    /* A step of the SPANK plugin (it wrote exit files) with no node file
     * ran in no memory cgroup. */
    if (r->set->nexits && !cgroups)
        hl_print_wrapped(out, "The nodes' true peak is not known: the step "
                              "ran in no memory cgroup, and the sum of VmHWM "
                              "is an upper bound.");
    fputc('\n', out);
    return 0;
}

#define _GNU_SOURCE /* qsort_r */
#include "text_nodes.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>

#include "job/model/figures.h"
#include "job/model/shared_mem.h"
#include "format_size.h"
#include "shared/text_table.h"
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

/* "32% of 1.0 GiB", and of the limit the kernel enforced where Slurm
 * made it other than the request: "150% of 20.0 MiB, 100% of the
 * 30.0 MiB limit". */
static void _of(const struct hl_node *n, char *buf, size_t size)
{
    char req[HL_SIZE_BUF], lim[HL_SIZE_BUF];

    hl_format_size(n->request, req);
    hl_format_size(n->limit, lim);
    if (!n->request)
        snprintf(buf, size, "%" PRIu64 "%% of the %s limit", n->limit_percent,
                 lim);
    else if (n->limit != n->request)
        snprintf(buf, size,
                 "%" PRIu64 "%% of %s, %" PRIu64 "%% of the %s limit",
                 n->percent, req, n->limit_percent, lim);
    else
        snprintf(buf, size, "%" PRIu64 "%% of %s", n->percent, req);
}

/* "330.0 MiB", and when the request is compared with this figure,
 * " (32% of 1.0 GiB)". */
static void _figure(struct hl_table *tab, const char *label, uint64_t bytes,
                    const struct hl_node *n, int compared)
{
    char size[HL_SIZE_BUF], of[96];

    hl_format_size(bytes, size);
    if (compared && n->limit) {
        _of(n, of, sizeof(of));
        hl_table_cell(tab, "%s%s (%s)", label, size, of);
    } else {
        hl_table_cell(tab, "%s%s", label, size);
    }
}

static const char *_verdict(const struct hl_node *n)
{
    return n->oom ? "out of memory" : n->over ? "over the request" : "";
}

/* "RSS 312.0 MiB at 2.6 s": a node's sum moment by moment, and when the
 * request is compared with it (or with the VmHWM of one of its processes,
 * above it), the percentage. */
static void _conc(struct hl_table *tab, bool known, const char *what,
                  uint64_t bytes, int64_t at_ms, const struct hl_node *n,
                  int compared)
{
    char size[HL_SIZE_BUF], of[96], hwm[HL_SIZE_BUF], t[32];

    if (!known) {
        hl_table_cell(tab, "%s", "");
        return;
    }
    hl_format_size(bytes, size);
    hl_fmt_tenths(at_ms, t);
    if (!compared || !n->limit) {
        hl_table_cell(tab, "%s %s at %s s", what, size, t);
        return;
    }
    _of(n, of, sizeof(of));
    if (n->used_from == HL_USED_VMHWM) {
        hl_format_size(n->used, hwm);
        hl_table_cell(tab, "%s %s at %s s, a process's VmHWM %s (%s)", what,
                      size, t, hwm, of);
    } else {
        hl_table_cell(tab, "%s %s at %s s (%s)", what, size, t, of);
    }
}

/* "between 28.0 MiB and 1.2 GiB": what the node's processes held at once
 * at least and at most (concurrent.h); only "at most" from timelines of
 * version 1. */
static void _bounds(struct hl_table *tab, const struct hl_node *n)
{
    char lo[HL_SIZE_BUF], hi[HL_SIZE_BUF];

    if (!n->conc_rss_known) {
        hl_table_cell(tab, "%s", "");
        return;
    }
    hl_format_size(n->conc_upper, hi);
    if (!n->conc_lower_known) {
        hl_table_cell(tab, "at most %s", hi);
        return;
    }
    hl_format_size(n->conc_lower, lo);
    hl_table_cell(tab, "between %s and %s", lo, hi);
}

/* With node files or timelines, each node's true peak and its sums moment
 * by moment beside its sum of VmHWM, and the percentage of the request
 * beside the figure it is of: the best the node has (aggregate.h). */
static void _row(struct hl_table *tab, const struct hl_report *r,
                 const struct hl_node *n, int cgroups, int conc, bool shmem)
{
    char size[HL_SIZE_BUF], of[96], shared[96];

    hl_fmt_node_shmem_cell(n, shared, sizeof(shared));

    hl_table_cell(tab, "%s", hl_strpool_get(&r->set->hosts, n->host));
    if (n->procs != n->ranks)
        hl_table_cell(tab, "%" PRIu32 " rank%s, %" PRIu32 " processes",
                      n->ranks, _s(n->ranks), n->procs);
    else
        hl_table_cell(tab, "%" PRIu32 " rank%s", n->ranks, _s(n->ranks));
    if (cgroups || conc) {
        if (cgroups && n->true_peak)
            _figure(tab, "true peak ", n->true_peak, n, 1);
        else if (cgroups)
            hl_table_cell(tab, "%s", "");
        if (conc) {
            _conc(tab, n->conc_rss_known, hl_node_estimate_word(n),
                  hl_node_estimate(n), hl_node_estimate_ms(n), n,
                  n->used_from == HL_USED_CONCURRENT ||
                      n->used_from == HL_USED_CONCURRENT_PSS ||
                      n->used_from == HL_USED_VMHWM);
            _bounds(tab, n);
            _conc(tab, n->conc_known, "heap", n->conc_heap, n->conc_heap_ms, n,
                  0);
        }
        _figure(tab, "sum of VmHWM ", n->vmhwm_sum, n,
                n->used_from == HL_USED_VMHWM_SUM);
        if (shmem)
            hl_table_cell(tab, "%s", shared);
        hl_table_cell(tab, "%s", _verdict(n));
        return;
    }
    hl_format_size(n->vmhwm_sum, size);
    hl_table_cell(tab, "%s", size);
    if (shmem)
        hl_table_cell(tab, "%s", shared);
    if (n->limit) {
        _of(n, of, sizeof(of));
        hl_table_cell(tab, "%s", of);
    } else {
        hl_table_cell(tab, "%s", "");
    }
    hl_table_cell(tab, "%s", _verdict(n));
}

/* What each figure of the section is, in words. */
static void _words(FILE *out, const struct hl_report *r, int cgroups)
{
    int64_t cell_ms = 0;
    bool pss = false;
    char span[32], text[1024];

    for (size_t i = 0; i < r->sum->nnodes; i++) {
        if (r->sum->nodes[i].conc_cell_ms > cell_ms)
            cell_ms = r->sum->nodes[i].conc_cell_ms;
        pss |= r->sum->nodes[i].conc_pss_known;
    }
    hl_fmt_span(cell_ms, span);
    snprintf(
        text, sizeof(text),
        "Concurrent RSS%s and heap: each node's processes added up moment by "
        "moment from their timelines, to within %s, each process with the "
        "most it was seen to hold: an estimate, not a bound (memory that one "
        "process gave back and another took within that time is counted "
        "twice, a peak between two readings is missed).%s Its bounds: the "
        "least each process held, added up the same way%s, is a lower bound "
        "of what the node's processes held at once (none from timelines of "
        "the first format, version 1); their VmHWM, so added, an upper "
        "bound. The sum of VmHWM is an upper bound too (it adds peaks that "
        "did not happen together)%s.",
        pss ? " or PSS" : "", span,
        pss ? " PSS, where the processes read it, divides each page that "
              "several of them share between them: shared memory counted "
              "once, where RSS counts it in each."
            : "",
        pss ? " (of PSS where read)" : "",
        cgroups ? ", and the true peak what the node reached, all its "
                  "processes together"
                : "");
    hl_print_wrapped(out, text);
}

/* Where the limit the kernel enforced is not the request (Slurm raised it
 * to cgroup.conf's MinRAMSpace, or cut it to AllowedRAMSpace), which the
 * nodes were compared with: said of the first such node, and how many. */
static void _limits(FILE *out, const struct hl_report *r)
{
    const struct hl_node *first = NULL;
    size_t count = 0;
    char req[HL_SIZE_BUF], lim[HL_SIZE_BUF], more[64] = "", text[512];

    for (size_t i = 0; i < r->sum->nnodes; i++) {
        const struct hl_node *n = &r->sum->nodes[i];

        if (!n->request || !n->mem_limit || n->mem_limit == n->request)
            continue;
        if (!first)
            first = n;
        count++;
    }
    if (!first)
        return;
    hl_format_size(first->request, req);
    hl_format_size(first->mem_limit, lim);
    if (count > 1)
        snprintf(more, sizeof(more), " (and on %zu other node%s)", count - 1,
                 _s(count - 1));
    snprintf(text, sizeof(text),
             "Slurm %s the request of %s to a limit of %s on %s%s: the "
             "memory cgroup's limit, which the kernel enforced, and which "
             "the nodes are compared with beside the request.",
             first->mem_limit > first->request ? "raised" : "lowered", req, lim,
             hl_strpool_get(&r->set->hosts, first->host), more);
    hl_print_wrapped(out, text);
}

/* The shared memory that the sum of VmHWM counted more than once, in
 * words: of the first node shown that has some, and how many others. */
static void _shmem(FILE *out, const struct hl_report *r, const size_t *order,
                   size_t shown)
{
    const struct hl_node *first = NULL;
    size_t count = 0;
    char text[768], more[96];

    for (size_t i = 0; i < shown; i++) {
        const struct hl_node *n = &r->sum->nodes[order[i]];

        if (!hl_node_shmem_shown(n))
            continue;
        if (!first)
            first = n;
        count++;
    }
    if (!first)
        return;
    hl_fmt_node_shmem(first, hl_strpool_get(&r->set->hosts, first->host), text,
                      sizeof(text));
    hl_print_wrapped(out, text);
    if (count == 1)
        return;
    snprintf(more, sizeof(more),
             "So on %zu other node%s: their column \"shared\" above.",
             count - 1, _s(count - 1));
    hl_print_wrapped(out, more);
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
    int cgroups = sum->true_peaks > 0, conc = sum->concurrent > 0;
    bool pss = false, shmem = false;
    struct hl_table tab;

    if (!order)
        return -1;
    for (size_t i = 0; i < sum->nnodes; i++)
        order[i] = i;
    if (shown < sum->nnodes)
        qsort_r(order, sum->nnodes, sizeof(*order), _cmp_shown, sum->nodes);
    for (size_t i = 0; i < shown; i++)
        shmem |= hl_node_shmem_shown(&sum->nodes[order[i]]);
    hl_table_init(&tab, (cgroups || conc ? 4 + cgroups + 3 * conc : 5) + shmem);
    for (size_t i = 0; i < shown; i++)
        _row(&tab, r, &sum->nodes[order[i]], cgroups, conc, shmem);
    for (size_t i = 0; i < sum->nnodes; i++)
        pss |= sum->nodes[i].conc_pss_known;
    if (conc)
        fprintf(out,
                "Per node, %sconcurrent %s, its bounds and heap (timelines) "
                "and sum of VmHWM\n",
                cgroups ? "true peak (the step's memory cgroup), " : "",
                pss ? "RSS or PSS" : "RSS");
    else
        fputs(cgroups ? "Per node, true peak (the step's memory cgroup) and "
                        "sum of VmHWM\n"
                      : "Per node, sum of VmHWM (an upper bound to compare "
                        "with --mem)\n",
              out);
    hl_table_print(&tab, out);
    if (shown < sum->nnodes)
        _others(out, r, order, shown);
    if (conc)
        _words(out, r, cgroups);
    _shmem(out, r, order, shown);
    free(order);
    _limits(out, r);
    /* A step of the SPANK plugin (it wrote exit files) with no node file
     * ran in no memory cgroup. */
    if (r->set->nexits_read && !cgroups)
        hl_print_wrapped(out, "The nodes' true peak is not known: the step "
                              "ran in no memory cgroup, and the sum of VmHWM "
                              "is an upper bound.");
    fputc('\n', out);
    return 0;
}

/* qsort_r() */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "format_write.h"
#include "job/model/figures.h"
#include "job/model/shared_mem.h"
#include "job/read/read_files.h"
#include "job/report.h"
#include "shared/fixed_of.h"
#include "timeline_text.h"

/* After the record's own columns, what the report derives for each
 * process, in the order of doc/heapline-report.1, which lists them
 * (tests/report/job/csv-columns-documented.test). */
#define _DERIVED_COLUMNS(X)                                                    \
    X(heap_per_vmhwm, "heap_per_vmhwm", CENTI, HL_COL_EMPTY,                   \
      "peak heap over VmHWM; empty without VmHWM")                             \
    X(rank_processes, "rank_processes", COUNT, 0,                              \
      "the processes of its rank on its node")                                 \
    X(rank_peak_process, "rank_peak_process", COUNT, 0,                        \
      "1 for the rank's process of largest peak heap, else 0")                 \
    X(node_ranks, "node_ranks", COUNT, 0, "the ranks of its node")             \
    X(node_vmhwm_sum, "node_vmhwm_sum_bytes", COUNT, 0,                        \
      "its node's sum of VmHWM")                                               \
    X(node_request, "node_request_bytes", COUNT, HL_COL_EMPTY,                 \
      "the memory requested on its node; empty when not known")                \
    X(node_percent, "node_percent_of_request", COUNT, HL_COL_EMPTY,            \
      "what its node used, in percent of the request")                         \
    X(end, "end", TEXT, 0, "exit, killed, unfinished or sigpipe")              \
    X(signal, "signal", COUNT, HL_COL_EMPTY,                                   \
      "the signal that killed its task; empty when none did")                  \
    X(oom, "oom", COUNT, 0, "1 when the OOM killer ended its task, else 0")    \
    X(node_true_peak, "node_true_peak_bytes", COUNT, HL_COL_EMPTY,             \
      "its node's true peak (memory cgroup); empty when not known")            \
    X(node_conc_rss, "node_concurrent_rss_bytes", COUNT, HL_COL_EMPTY,         \
      "its node's RSS summed moment by moment, at its peak")                   \
    X(node_conc_heap, "node_concurrent_heap_bytes", COUNT, HL_COL_EMPTY,       \
      "its node's heap summed moment by moment, at its peak")                  \
    X(own, "own_bytes", COUNT, HL_COL_EMPTY,                                   \
      "its Pss less its Pss_Shmem; empty without a reading of Pss")            \
    X(shared, "shared_bytes", COUNT, HL_COL_EMPTY,                             \
      "its Pss_Shmem, else its RssShmem (shared_from); empty without either")  \
    X(shared_from, "shared_from", TEXT, 0,                                     \
      "pss_shmem, rss_shmem, or empty: what shared_bytes is")                  \
    X(node_shmem_over, "node_shared_counted_more_than_once_bytes", COUNT,      \
      HL_COL_EMPTY,                                                            \
      "its node's RssShmem summed less the largest: what its sum of VmHWM "    \
      "counts more than once, at most; empty when no process read it")

#define _DERIVED_ENUM(member, ...) _DERIVED_##member,
HL_FORMAT_TYPES(_derived_row, _DERIVED_COLUMNS, _DERIVED_ENUM,
                _DERIVED_NCOLUMNS);
#define _DERIVED(...) HL_COLUMN_DESC(struct _derived_row, __VA_ARGS__)
static const struct hl_column _derived_columns[] = {_DERIVED_COLUMNS(_DERIVED)};
static const struct hl_format _derived = {NULL, 0, "derived columns",
                                          _derived_columns, _DERIVED_NCOLUMNS};

/* The record columns the CSV leaves out: the provisional record's end,
 * the sites, and the timeline unless asked for. */
static unsigned _omit(const struct hl_report *r)
{
    return HL_COL_UNFINISHED | HL_COL_CALLSITES |
           (r->timeline ? 0 : HL_COL_SERIES);
}

/* The timeline of p as its record wrote it, in *text (malloc'd), NULL
 * when it has none kept. Returns -1 when memory runs out. */
static int _timeline_text(const struct hl_report *r, const struct hl_proc *p,
                          char **text)
{
    const struct hl_series *s;
    struct hl_buf b;
    size_t cap;

    *text = NULL;
    if (p->series == HL_NO_SERIES)
        return 0;
    s = &r->set->timelines.series[p->series];
    /* A slot holds the widest point and its space. */
    cap = HL_TIMELINE_HEAD + (size_t)s->n * HL_TIMELINE_SLOT + 1;
    if (!(*text = malloc(cap)))
        return -1;
    hl_buf_init(&b, *text, cap);
    hl_timeline_put(&b, s->points, s->n, s->version);
    return 0;
}

/* What the report derives for p, whose rank has rank_procs processes on
 * its node. */
static void _derive(const struct hl_report *r, const struct hl_proc *p,
                    size_t rank_procs, int is_peak, struct _derived_row *d)
{
    const struct hl_node *n = &r->sum->nodes[r->sum->node_of_host[p->host]];
    struct hl_own_shared o;
    bool shares = hl_own_shared(r->set, r->sum, p, &o);

    *d = (struct _derived_row){
        .heap_per_vmhwm =
            p->vmhwm ? hl_fixed_of((double)p->peak_heap / (double)p->vmhwm, 2)
                     : 0,
        .rank_processes = rank_procs,
        .rank_peak_process = is_peak != 0,
        .node_ranks = n->ranks,
        .node_vmhwm_sum = n->vmhwm_sum,
        .node_request = n->request,
        .node_percent = n->percent,
        .end = hl_end_word(p->signal, (enum hl_end)p->end),
        .signal = p->signal,
        .oom = p->oom != 0,
        .node_true_peak = n->true_peak,
        .node_conc_rss = n->conc_rss,
        .node_conc_heap = n->conc_heap,
        .own = o.own,
        .shared = o.shared,
        .shared_from = !shares    ? ""
                       : o.by_rss ? "rss_shmem"
                                  : "pss_shmem",
        .node_shmem_over = hl_node_shmem_over(n),
    };
    if (!shares || o.by_rss)
        d->empty |= HL_EMPTY(_DERIVED_own);
    if (!shares)
        d->empty |= HL_EMPTY(_DERIVED_shared);
    if (!n->shmem_once && !n->shmem_mapped)
        d->empty |= HL_EMPTY(_DERIVED_node_shmem_over);
    if (!p->vmhwm || hl_proc_heap_unknown(p))
        d->empty |= HL_EMPTY(_DERIVED_heap_per_vmhwm);
    if (!n->request)
        d->empty |=
            HL_EMPTY(_DERIVED_node_request) | HL_EMPTY(_DERIVED_node_percent);
    if (!p->signal)
        d->empty |= HL_EMPTY(_DERIVED_signal);
    if (!n->true_peak)
        d->empty |= HL_EMPTY(_DERIVED_node_true_peak);
    if (!n->conc_rss_known)
        d->empty |= HL_EMPTY(_DERIVED_node_conc_rss);
    if (!n->conc_known)
        d->empty |= HL_EMPTY(_DERIVED_node_conc_heap);
}

/* The row of p: the record's own fields, as the library writes them
 * (quoted where CSV needs it), then the derived ones. Returns -1 when
 * memory runs out. */
static int _row(FILE *out, const struct hl_report *r, const struct hl_proc *p,
                size_t rank_procs, int is_peak)
{
    char local[1024], *text = local, *timeline = NULL;
    size_t cap = sizeof(local);
    struct hl_record_row rec;
    struct _derived_row d;
    struct hl_buf b;

    if (r->timeline && _timeline_text(r, p, &timeline) < 0)
        return -1;
    hl_proc_to_record(r->set, p, &rec);
    rec.timeline = timeline ? timeline : "";
    if (hl_proc_heap_unknown(p))
        rec.empty |=
            HL_EMPTY(HL_REC_peak_heap) | HL_EMPTY(HL_REC_peak_heap_time_ms);
    _derive(r, p, rank_procs, is_peak, &d);
    for (;;) {
        hl_buf_init(&b, text, cap);
        hl_format_write_values(&b, &hl_record_format, &rec, _omit(r));
        hl_buf_char(&b, ',');
        hl_format_write_values(&b, &_derived, &d, 0);
        hl_buf_char(&b, '\n');
        if (!b.overflow)
            break;
        if (text != local)
            free(text);
        cap *= 4;
        if (!(text = malloc(cap))) {
            free(timeline);
            return -1;
        }
    }
    fwrite(text, 1, b.len, out);
    if (text != local)
        free(text);
    free(timeline);
    return 0;
}

static int _cmp_row(const void *a, const void *b, void *r)
{
    const struct hl_report *rep = r;
    const struct hl_proc *p = rep->set->procs;

    return hl_proc_cmp(&p[*(const uint32_t *)a], &p[*(const uint32_t *)b],
                       rep->sum->node_of_host);
}

/* The header line: the record's names, then the derived ones. */
static void _header(FILE *out, const struct hl_report *r)
{
    char names[2048];
    struct hl_buf b;

    hl_buf_init(&b, names, sizeof(names));
    hl_format_write_names(&b, &hl_record_format, _omit(r));
    hl_buf_char(&b, ',');
    hl_format_write_names(&b, &_derived, 0);
    hl_buf_char(&b, '\n');
    fwrite(names, 1, b.len, out);
}

int hl_print_csv(FILE *out, const struct hl_report *r)
{
    const struct hl_proc *p = r->set->procs;
    size_t n = r->set->count;
    uint32_t *row = malloc((n ? n : 1) * sizeof(*row));
    int rc = 0;

    if (!row)
        return -1;
    _header(out, r);
    /* Every process, in the report's order: each run of one rank on one
     * node is a rank. */
    for (size_t i = 0; i < n; i++)
        row[i] = (uint32_t)i;
    qsort_r(row, n, sizeof(*row), _cmp_row, (void *)r);
    for (size_t start = 0, end; start < n && !rc; start = end) {
        const struct hl_proc *first = &p[row[start]];

        for (end = start + 1; end < n && p[row[end]].rank == first->rank &&
                              p[row[end]].host == first->host;
             end++)
            ;
        for (size_t i = start; i < end && !rc; i++)
            rc = _row(out, r, &p[row[i]], end - start, i == start);
    }
    free(row);
    return rc;
}

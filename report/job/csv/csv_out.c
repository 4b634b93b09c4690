/* qsort_r() */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "job/model/figures.h"
#include "format_write.h"
#include "job/read/read_files.h"
#include "job/report.h"
#include "timeline_text.h"

/* After the record's own columns, what the report derives for each
 * process. */
static const char _derived[] =
    "heap_per_vmhwm,rank_processes,rank_peak_process,node_ranks,"
    "node_vmhwm_sum_bytes,node_request_bytes,node_percent_of_request,end,"
    "signal,oom,node_true_peak_bytes,node_concurrent_rss_bytes,"
    "node_concurrent_heap_bytes\n";

/* The record columns the CSV leaves out: the provisional record's end,
 * the sites, and the timeline unless asked for. */
static unsigned _omit(const struct hl_report *r)
{
    return HL_COL_UNFINISHED | HL_COL_CALLSITES |
           (r->timeline ? 0 : HL_COL_SERIES);
}

/* The timeline of p as its record wrote it, in text (malloc'd), or NULL
 * when it has none kept. */
static char *_timeline_text(const struct hl_report *r, const struct hl_proc *p)
{
    const struct hl_series *s;
    struct hl_buf b;
    size_t cap;
    char *text;

    if (p->series == HL_NO_SERIES)
        return NULL;
    s = &r->set->timelines.series[p->series];
    cap = (size_t)s->n * 64 + 1;
    if (!(text = malloc(cap)))
        abort(); /* out of memory in the middle of the output */
    hl_buf_init(&b, text, cap);
    hl_timeline_put(&b, s->points, s->n);
    return text;
}

/* The record's own fields of p, as the library writes them (quoted where
 * CSV needs it), and a comma. */
static void _record_fields(FILE *out, const struct hl_report *r,
                           const struct hl_proc *p)
{
    char local[1024], *text = local;
    char *timeline = r->timeline ? _timeline_text(r, p) : NULL;
    size_t cap = sizeof(local);
    struct hl_record_row rec;
    struct hl_buf b;

    hl_proc_to_record(r->set, p, &rec);
    rec.timeline = timeline ? timeline : "";
    for (;;) {
        hl_buf_init(&b, text, cap);
        hl_format_write_values(&b, &hl_record_format, &rec, _omit(r));
        hl_buf_char(&b, ',');
        if (!b.overflow)
            break;
        if (text != local)
            free(text);
        cap *= 4;
        if (!(text = malloc(cap)))
            abort(); /* out of memory in the middle of the output */
    }
    fwrite(text, 1, b.len, out);
    if (text != local)
        free(text);
    free(timeline);
}

static void _row(FILE *out, const struct hl_report *r, const struct hl_proc *p,
                 size_t rank_procs, int is_peak)
{
    const struct hl_node *n = &r->sum->nodes[r->sum->node_of_host[p->host]];
    char ratio[32];

    hl_fmt_ratio(p->peak_heap, p->vmhwm, ratio);
    _record_fields(out, r, p);
    fprintf(out, "%s,%zu,%d,%" PRIu32 ",%" PRIu64 ",",
            ratio[0] == '-' ? "" : ratio, rank_procs, is_peak, n->ranks,
            n->vmhwm_sum);
    if (n->request)
        fprintf(out, "%" PRIu64 ",%" PRIu64 ",", n->request, n->percent);
    else
        fputs(",,", out);
    fputs(hl_end_word(p->signal, (enum hl_end)p->end), out);
    if (p->signal)
        fprintf(out, ",%u,", p->signal);
    else
        fputs(",,", out);
    fputs(p->oom ? "1," : "0,", out);
    if (n->true_peak)
        fprintf(out, "%" PRIu64, n->true_peak);
    fputc(',', out);
    if (n->conc_rss_known)
        fprintf(out, "%" PRIu64, n->conc_rss);
    fputc(',', out);
    if (n->conc_known)
        fprintf(out, "%" PRIu64, n->conc_heap);
    fputc('\n', out);
}

static int _cmp_row(const void *a, const void *b, void *r)
{
    const struct hl_report *rep = r;
    const struct hl_proc *p = rep->set->procs;

    return hl_proc_cmp(&p[*(const uint32_t *)a], &p[*(const uint32_t *)b],
                       rep->sum->node_of_host);
}

int hl_print_csv(FILE *out, const struct hl_report *r)
{
    const struct hl_proc *p = r->set->procs;
    size_t n = r->set->count;
    uint32_t *row = malloc((n ? n : 1) * sizeof(*row));
    char names[1024];
    struct hl_buf b;

    if (!row)
        return -1;
    hl_buf_init(&b, names, sizeof(names));
    hl_format_write_names(&b, &hl_record_format, _omit(r));
    fprintf(out, "%s,%s", names, _derived);
    /* Every process, in the report's order: each run of one rank on one
     * node is a rank. */
    for (size_t i = 0; i < n; i++)
        row[i] = (uint32_t)i;
    qsort_r(row, n, sizeof(*row), _cmp_row, (void *)r);
    for (size_t start = 0, end; start < n; start = end) {
        const struct hl_proc *first = &p[row[start]];

        for (end = start + 1; end < n && p[row[end]].rank == first->rank &&
                              p[row[end]].host == first->host;
             end++)
            ;
        for (size_t i = start; i < end; i++)
            _row(out, r, &p[row[i]], end - start, i == start);
    }
    free(row);
    return 0;
}

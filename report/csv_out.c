#include <inttypes.h>
#include <stdio.h>

#include "figures.h"
#include "report.h"

/* The record's own columns, then what the report derives for each
 * process. */
static const char _header[] =
    "rank,host,pid,job,elapsed_s,allocs,frees,peak_heap_bytes,"
    "peak_heap_time_s,live_heap_at_exit_bytes,vmhwm_bytes,"
    "vmrss_at_exit_bytes,heap_per_vmhwm,rank_processes,rank_peak_process,"
    "node_ranks,node_vmhwm_sum_bytes,node_request_bytes,"
    "node_percent_of_request,end,signal,oom,node_true_peak_bytes\n";

static void _row(FILE *out, const struct hl_report *r, const struct hl_proc *p,
                 size_t rank_procs, int is_peak)
{
    const struct hl_node *n = &r->sum->nodes[r->sum->node_of_host[p->host]];
    uint64_t want = hl_node_request(r, n);
    char elapsed[32], t[32], ratio[32];

    hl_fmt_ms(p->elapsed_ms, elapsed);
    hl_fmt_ms(p->peak_time_ms, t);
    hl_fmt_ratio(p->peak_heap, p->vmhwm, ratio);
    fprintf(out,
            "%" PRId32 ",%s,%" PRIu32 ",%s,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64
            ",%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%s,%zu,%d,%" PRIu32
            ",%" PRIu64 ",",
            p->rank, hl_strpool_get(&r->set->hosts, p->host), p->pid,
            hl_strpool_get(&r->set->jobs, p->job), elapsed, p->allocs, p->frees,
            p->peak_heap, t, p->live_at_exit, p->vmhwm, p->vmrss_at_exit,
            ratio[0] == '-' ? "" : ratio, rank_procs, is_peak, n->ranks,
            n->vmhwm_sum);
    if (want)
        fprintf(out, "%" PRIu64 ",%" PRIu64 ",", want,
                hl_percent(n->true_peak ? n->true_peak : n->vmhwm_sum, want));
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
    fputc('\n', out);
}

void hl_print_csv(FILE *out, const struct hl_report *r)
{
    const struct hl_proc *p = r->set->procs;
    size_t n = r->set->count;

    fputs(_header, out);
    /* The processes are sorted by rank and node, largest peak first: each
     * run of one rank on one node is a rank. */
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start + 1; end < n && p[end].rank == p[start].rank &&
                              p[end].host == p[start].host;
             end++)
            ;
        for (size_t i = start; i < end; i++)
            _row(out, r, &p[i], end - start, i == start);
    }
}

#include <inttypes.h>
#include <stdio.h>

#include "job/model/figures.h"
#include "job/model/shared_mem.h"
#include "exit_format.h"
#include "record_format.h"
#include "job/report.h"
#include "job/timeline_out.h"
#include "shared/json_str.h"

static const char *_host(const struct hl_report *r, const struct hl_proc *p)
{
    return hl_strpool_get(&r->set->hosts, p->host);
}

/* The runs of the records: a job id, or null outside Slurm. */
static void _runs(FILE *out, const struct hl_report *r)
{
    fputs("  \"runs\": [", out);
    for (size_t i = 0; r->runs && i < r->runs->count; i++) {
        const char *job = hl_strpool_get(&r->set->jobs, r->runs->runs[i].job);

        fputs(i ? ", {\"job\": " : "{\"job\": ", out);
        if (job[0])
            hl_json_str(out, job);
        else
            fputs("null", out);
        fprintf(out, ", \"records\": %zu}", r->runs->runs[i].records);
    }
    fputs("],\n", out);
}

static void _peak(FILE *out, const struct hl_report *r)
{
    const struct hl_peak_stats *st = &r->sum->peak;
    const struct hl_proc *top = &r->set->procs[r->sum->ranks[0].proc];
    char t[32];

    hl_fmt_ms(top->peak_time_ms, t);
    fprintf(out,
            "  \"peak_heap\": {\"max_bytes\": %" PRIu64
            ", \"max_rank\": %" PRId32 ", \"max_host\": ",
            st->max, top->rank);
    hl_json_str(out, _host(r, top));
    fprintf(out, ", \"max_pid\": %" PRIu32 ", \"max_program\": ", top->pid);
    hl_json_str(out, hl_strpool_get(&r->set->programs, top->program));
    fprintf(out,
            ", \"max_time_s\": %s, \"median_bytes\": %" PRIu64
            ", \"min_bytes\": %" PRIu64 ", \"mean_bytes\": %.1f, "
            "\"imbalance\": ",
            t, st->median, st->min, st->mean);
    if (st->mean > 0)
        fprintf(out, "%.2f},\n", st->imbalance);
    else
        fputs("null},\n", out);
}

static void _u64_or_null(FILE *out, uint64_t v, int known)
{
    if (known)
        fprintf(out, "%" PRIu64, v);
    else
        fputs("null", out);
}

/* Its shared memory (aggregate.h): once, as the sum of VmHWM counts it,
 * and the difference; null when none of its processes read RssShmem. */
static void _node_shmem(FILE *out, const struct hl_node *n)
{
    fputs(", \"shared_memory\": ", out);
    if (!n->shmem_once && !n->shmem_mapped) {
        fputs("null", out);
        return;
    }
    fprintf(out,
            "{\"once_bytes\": %" PRIu64 ", \"mapped_bytes\": %" PRIu64
            ", \"counted_more_than_once_bytes\": %" PRIu64 "}",
            n->shmem_once, n->shmem_mapped, hl_node_shmem_over(n));
}

static void _nodes(FILE *out, const struct hl_report *r)
{
    fputs("  \"nodes\": [", out);
    for (size_t i = 0; i < r->sum->nnodes; i++) {
        const struct hl_node *n = &r->sum->nodes[i];

        fputs(i ? ",\n    {\"node\": " : "\n    {\"node\": ", out);
        hl_json_str(out, hl_strpool_get(&r->set->hosts, n->host));
        fprintf(out,
                ", \"ranks\": %" PRIu32 ", \"processes\": %" PRIu32
                ", \"vmhwm_sum_bytes\": %" PRIu64 ", \"true_peak_bytes\": ",
                n->ranks, n->procs, n->vmhwm_sum);
        _u64_or_null(out, n->true_peak, n->true_peak != 0);
        fputs(", \"mem_limit_bytes\": ", out);
        _u64_or_null(out, n->mem_limit, n->mem_limit != 0);
        fputs(", \"oom_kills\": ", out);
        _u64_or_null(out, (uint64_t)n->oom_kills, n->oom_kills >= 0);
        if (n->request)
            fprintf(out,
                    ", \"request_bytes\": %" PRIu64
                    ", \"percent_of_request\": %" PRIu64
                    ", \"over_request\": %s",
                    n->request, n->percent, n->over ? "true" : "false");
        if (n->mem_limit)
            fprintf(out, ", \"percent_of_limit\": %" PRIu64, n->limit_percent);
        _node_shmem(out, n);
        hl_json_node_timeline(out, r, n);
        fputc('}', out);
    }
    fputs("\n  ],\n", out);
}

static void _signal(FILE *out, uint8_t signal)
{
    if (signal)
        fprintf(out, "%u", signal);
    else
        fputs("null", out);
}

/* ", NAME: ": the key of a record column, as the record names it. */
static void _key(FILE *out, const char *sep, const char *name)
{
    fprintf(out, "%s\"%s\": ", sep, name);
}

/* "{rank: R, host: H, pid: P, ppid: Q, program: N": who a process is. */
static void _who(FILE *out, const struct hl_report *r, const struct hl_proc *p)
{
    _key(out, "{", HL_RECORD_NAME(rank));
    fprintf(out, "%" PRId32, p->rank);
    _key(out, ", ", HL_RECORD_NAME(host));
    hl_json_str(out, _host(r, p));
    _key(out, ", ", HL_RECORD_NAME(pid));
    fprintf(out, "%" PRIu32, p->pid);
    _key(out, ", ", HL_RECORD_NAME(ppid));
    if (p->ppid == HL_PPID_UNKNOWN)
        fputs("null", out);
    else
        fprintf(out, "%" PRIu32, p->ppid);
    /* Records of older versions name no program: no key then. */
    if (hl_strpool_get(&r->set->programs, p->program)[0]) {
        _key(out, ", ", HL_RECORD_NAME(program));
        hl_json_str(out, hl_strpool_get(&r->set->programs, p->program));
    }
}

/* Its own memory and its part of what it shares (shared_mem.h). */
static void _own_shared(FILE *out, const struct hl_report *r,
                        const struct hl_proc *p)
{
    struct hl_own_shared o;

    if (!hl_own_shared(r->set, r->sum, p, &o)) {
        fputs(", \"own_bytes\": null, \"shared_bytes\": null, "
              "\"shared_from\": null",
              out);
        return;
    }
    fputs(", \"own_bytes\": ", out);
    _u64_or_null(out, o.own, !o.by_rss);
    fprintf(out, ", \"shared_bytes\": %" PRIu64 ", \"shared_from\": \"%s\"",
            o.shared, o.by_rss ? "rss_shmem" : "pss_shmem");
}

/* Its heap peak, when, and its VmHWM. */
static void _heap(FILE *out, const struct hl_report *r, const struct hl_proc *p)
{
    char t[32];

    hl_fmt_ms(p->peak_time_ms, t);
    _key(out, ", ", HL_RECORD_NAME(peak_heap));
    if (hl_proc_heap_unknown(p))
        fputs("null", out);
    else
        fprintf(out, "%" PRIu64, p->peak_heap);
    _key(out, ", ", HL_RECORD_NAME(peak_heap_time_ms));
    fputs(hl_proc_heap_unknown(p) ? "null" : t, out);
    _key(out, ", ", HL_RECORD_NAME(vmhwm));
    fprintf(out, "%" PRIu64, p->vmhwm);
    _own_shared(out, r, p);
}

static void _cut_short_item(FILE *out, const struct hl_report *r,
                            const struct hl_proc *p)
{
    _who(out, r, p);
    fprintf(out, ", \"end\": \"%s\", \"signal\": ",
            hl_end_word(p->signal, (enum hl_end)p->end));
    _signal(out, p->signal);
    fprintf(out, ", \"oom\": %s", p->oom ? "true" : "false");
    _heap(out, r, p);
    fprintf(out, ", \"vmhwm_from\": \"%s\"}",
            p->from_task ? "task_cgroup" : "record");
}

static void _no_record_item(FILE *out, const struct hl_report *r,
                            const struct hl_task_exit *x)
{
    fprintf(out, "{\"task\": %" PRIu32 ", \"host\": ", x->task);
    hl_json_str(out, hl_strpool_get(&r->set->hosts, x->host));
    fprintf(out,
            ", \"pid\": %" PRIu32
            ", \"end\": \"killed\", \"signal\": %u, \"oom\": %s, "
            "\"record\": false, \"task_cgroup_peak_bytes\": ",
            x->pid, x->signal, x->oom == 1 ? "true" : "false");
    if (x->cgroup_peak)
        fprintf(out, "%" PRIu64 "}", x->cgroup_peak);
    else
        fputs("null}", out);
}

/* Every process cut short, and every killed task with no record: the
 * text report shows the first few of the same list. */
static void _cut_short(FILE *out, const struct hl_report *r)
{
    const char *sep = "\n";
    struct hl_cut_short c;

    fputs("  \"did_not_exit_normally\": [", out);
    for (size_t at = 0; hl_procset_cut_short_next(r->set, &at, &c);
         sep = ",\n") {
        fprintf(out, "%s    ", sep);
        if (c.proc)
            _cut_short_item(out, r, c.proc);
        else
            _no_record_item(out, r, c.exit);
    }
    fputs(sep[0] == ',' ? "\n  ],\n" : "],\n", out);
}

/* Every task that ended with no record and no signal. */
static void _unmeasured(FILE *out, const struct hl_report *r)
{
    const struct hl_task_exit *x = hl_procset_unmeasured(r->set);
    const char *sep = "\n";

    fputs("  \"unmeasured\": [", out);
    for (size_t i = 0; i < r->set->nunmeasured; i++, x++, sep = ",\n") {
        fprintf(out, "%s    {\"task\": %" PRIu32 ", \"host\": ", sep, x->task);
        hl_json_str(out, hl_strpool_get(&r->set->hosts, x->host));
        fprintf(out, ", \"pid\": %" PRIu32 ", \"exit_code\": ", x->pid);
        if (x->status == HL_STATUS_EXITED)
            fprintf(out, "%" PRId64, x->exit_code);
        else
            fputs("null", out);
        fputs(", \"record\": false, \"task_cgroup_peak_bytes\": ", out);
        if (x->cgroup_peak)
            fprintf(out, "%" PRIu64 "}", x->cgroup_peak);
        else
            fputs("null}", out);
    }
    fputs(sep[0] == ',' ? "\n  ],\n" : "],\n", out);
}

/* A process listed (proc_list.h): who it is, its parent, its figures. */
static void _proc_item(FILE *out, const struct hl_report *r,
                       const struct hl_proc *p)
{
    char ratio[32];

    hl_fmt_ratio(hl_proc_heap_unknown(p) ? 0 : p->peak_heap,
                 hl_proc_heap_unknown(p) ? 0 : p->vmhwm, ratio);
    _who(out, r, p);
    _heap(out, r, p);
    fprintf(out, ", \"heap_per_vmhwm\": %s, \"end\": \"%s\", \"signal\": ",
            ratio[0] == '-' ? "null" : ratio,
            hl_end_word(p->signal, (enum hl_end)p->end));
    _signal(out, p->signal);
    fprintf(out, ", \"oom\": %s", p->oom ? "true" : "false");
}

/* Under MPI, the processes listed under shown rank i, if any. */
static void _under(FILE *out, const struct hl_report *r, size_t i)
{
    const uint32_t *procs = NULL;
    size_t n = hl_shown_under(r, i, &procs);

    if (!n)
        return;
    fputs(", \"processes\": [", out);
    for (size_t k = 0; k < n; k++) {
        fputs(k ? ", " : "", out);
        _proc_item(out, r, &r->set->procs[procs[k]]);
        fputc('}', out);
    }
    fputc(']', out);
}

/* Outside MPI, the processes listed in place of the ranks. */
static void _processes(FILE *out, const struct hl_report *r)
{
    size_t shown = hl_shown_procs(r);

    fprintf(out, "  \"processes_shown\": %zu,\n  \"listed_processes\": [",
            shown);
    for (size_t i = 0; i < shown; i++) {
        const struct hl_proc *p = &r->set->procs[r->sum->list.procs[i]];

        fputs(i ? ",\n    " : "\n    ", out);
        _proc_item(out, r, p);
        hl_json_rank_timeline(out, r, p);
        fputc('}', out);
    }
    fputs(shown ? "\n  ],\n" : "],\n", out);
}

static void _ranks(FILE *out, const struct hl_report *r)
{
    size_t shown = hl_shown_ranks(r);

    fprintf(out, "  \"listed_by\": \"%s\",\n",
            r->sum->list.by_process ? "process" : "rank");
    if (r->sum->list.by_process)
        _processes(out, r);
    fprintf(out, "  \"ranks_shown\": %zu,\n  \"ranks\": [", shown);
    for (size_t i = 0; i < shown; i++) {
        const struct hl_rank *k = &r->sum->ranks[i];
        const struct hl_proc *p = &r->set->procs[k->proc];
        char ratio[32];

        hl_fmt_ratio(hl_proc_heap_unknown(p) ? 0 : p->peak_heap,
                     hl_proc_heap_unknown(p) ? 0 : p->vmhwm, ratio);
        fputs(i ? ",\n    " : "\n    ", out);
        _who(out, r, p);
        _heap(out, r, p);
        fprintf(out,
                ", \"heap_per_vmhwm\": %s, \"other_processes\": %" PRIu32
                ", \"end\": \"%s\", \"signal\": ",
                ratio[0] == '-' ? "null" : ratio, k->others,
                hl_end_word(p->signal, (enum hl_end)p->end));
        _signal(out, p->signal);
        fprintf(out, ", \"oom\": %s", p->oom ? "true" : "false");
        hl_json_rank_timeline(out, r, p);
        _under(out, r, i);
        fputc('}', out);
    }
    fputs("\n  ],\n", out);
}

static void _slurm(FILE *out, const struct hl_report *r)
{
    const struct hl_proc *big = &r->set->procs[r->sum->largest_vmhwm_proc];
    const struct hl_step_rss *s = &r->sacct;

    fprintf(out,
            "  \"largest_vmhwm\": {\"bytes\": %" PRIu64 ", \"rank\": %" PRId32
            ", \"host\": ",
            big->vmhwm, big->rank);
    hl_json_str(out, _host(r, big));
    fputs("},\n  \"sacct\": ", out);
    if (s->known) {
        fputs("{\"step\": ", out);
        hl_json_str(out, s->step);
        fprintf(out, ", \"max_rss_bytes\": %" PRIu64 ", \"max_rss_node\": ",
                s->maxrss);
        hl_json_str(out, s->node);
        if (s->has_task)
            fprintf(out, ", \"max_rss_task\": %" PRIu32, s->task);
        fprintf(out, ", \"below_largest_vmhwm\": %s},\n",
                hl_sacct_missed_peak(s->maxrss, big->vmhwm) ? "true" : "false");
    } else {
        fputs("null,\n", out);
    }
}

static const char *_basis_name(const struct hl_report *r)
{
    int per_cpu = r->req.kind == HL_REQ_MEM_PER_CPU;

    if (r->sug.from_limit)
        return per_cpu ? "twice the limit per CPU" : "twice the limit";
    if (r->sug.from_sacct)
        return per_cpu ? "sacct MaxRSS per CPU" : "sacct MaxRSS";
    switch (r->sug.from) {
    case HL_USED_TRUE_PEAK:
        return per_cpu ? "largest node true peak per CPU"
                       : "largest node true peak";
    case HL_USED_CONCURRENT_PSS:
        return per_cpu ? "largest node concurrent PSS per CPU"
                       : "largest node concurrent PSS";
    case HL_USED_CONCURRENT:
        return per_cpu ? "largest node concurrent RSS per CPU"
                       : "largest node concurrent RSS";
    case HL_USED_VMHWM:
        return per_cpu ? "VmHWM of one process per CPU"
                       : "VmHWM of one process";
    default:
        return per_cpu ? "largest node sum of VmHWM per CPU"
                       : "largest node sum of VmHWM";
    }
}

static void _request(FILE *out, const struct hl_report *r)
{
    const struct hl_suggestion *s = &r->sug;

    fputs("  \"request\": ", out);
    if (r->req.kind == HL_REQ_NONE)
        fputs("null,\n", out);
    else
        fprintf(out,
                "{\"kind\": \"%s\", \"bytes\": %" PRIu64
                ", \"cpus_per_rank\": %" PRIu32
                ", \"source\": \"%s\", \"nodes_over\": %zu},\n",
                r->req.kind == HL_REQ_MEM ? "mem" : "mem-per-cpu", r->req.bytes,
                r->req.cpus_per_rank, r->req.source, s->over_nodes);
    if (!s->known) {
        fputs("  \"suggestion\": null\n", out);
        return;
    }
    fputs("  \"suggestion\": {\"option\": ", out);
    hl_json_str(out, s->option);
    fprintf(out,
            ", \"bytes\": %" PRIu64
            ", \"basis\": \"%s\", \"basis_bytes\": %" PRIu64
            ", \"basis_node\": ",
            s->bytes, _basis_name(r), s->basis_bytes);
    hl_json_str(
        out, hl_strpool_get(&r->set->hosts, r->sum->nodes[s->basis_node].host));
    fprintf(out, ", \"margin_percent\": %u, \"too_small\": %s}\n",
            r->margin_pct, s->too_small ? "true" : "false");
}

void hl_print_json(FILE *out, const struct hl_report *r)
{
    char t[32];

    hl_fmt_ms(r->sum->longest_ms, t);
    fprintf(out,
            "{\n  \"heapline_report\": 1,\n  \"ranks_total\": %zu,\n"
            "  \"nodes_total\": %zu,\n  \"processes\": %zu,\n"
            "  \"longest_process_s\": %s,\n",
            r->sum->nranks, r->sum->nnodes, r->sum->nprocs, t);
    _runs(out, r);
    hl_json_timeline_origin(out, r);
    _peak(out, r);
    _nodes(out, r);
    _ranks(out, r);
    _cut_short(out, r);
    _unmeasured(out, r);
    _slurm(out, r);
    _request(out, r);
    if (r->callsites) {
        fputs(",\n  ", out);
        hl_callsites_print_json(out, r->callsites);
        fputc('\n', out);
    }
    fputs("}\n", out);
}

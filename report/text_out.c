#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "figures.h"
#include "format_size.h"
#include "report.h"
#include "slurm_size.h"
#include "text_nodes.h"
#include "text_table.h"
#include "text_wrap.h"
#include "timeline_out.h"

/* Runs named in the report's first lines, before the count of others. */
#define _RUNS_NAMED 4

static const char *_s(size_t n)
{
    return n == 1 ? "" : "s";
}

static const char *_host(const struct hl_report *r, const struct hl_proc *p)
{
    return hl_strpool_get(&r->set->hosts, p->host);
}

static const char *_program(const struct hl_report *r, const struct hl_proc *p)
{
    return hl_strpool_get(&r->set->programs, p->program);
}

/* The node of a host, NULL when it has no process. */
static const struct hl_node *_node_of(const struct hl_report *r, uint32_t host)
{
    const struct hl_summary *sum = r->sum;
    const struct hl_node *n;

    if (host >= r->set->hosts.count)
        return NULL;
    n = &sum->nodes[sum->node_of_host[host]];
    return n < sum->nodes + sum->nnodes && n->host == host ? n : NULL;
}

static void _header(FILE *out, const struct hl_report *r)
{
    const struct hl_summary *sum = r->sum;
    char t[32];

    hl_fmt_tenths(sum->longest_ms, t);
    fprintf(out, "heapline-report: %zu rank%s", sum->nranks, _s(sum->nranks));
    if (sum->launchers)
        fprintf(out, " (%zu processes, %zu launcher daemon%s)", sum->nprocs,
                sum->launchers, _s(sum->launchers));
    else if (sum->nprocs != sum->nranks)
        fprintf(out, " (%zu processes)", sum->nprocs);
    fprintf(out, " on %zu node%s, longest process %s s\n", sum->nnodes,
            _s(sum->nnodes), t);
}

/* Records of several runs (jobs, steps, runs outside Slurm): which, and
 * how many records each. */
static void _runs(FILE *out, const struct hl_report *r)
{
    const struct hl_runs *runs = r->runs;
    char *text = NULL;
    size_t size;
    FILE *m;

    /* Job ids are as long as records make them: the text grows to fit. */
    if (!runs || runs->count < 2 || !(m = open_memstream(&text, &size)))
        return;
    fprintf(m, "Records of %zu runs:", runs->count);
    for (size_t i = 0; i < runs->count && i < _RUNS_NAMED; i++) {
        const char *job = hl_strpool_get(&r->set->jobs, runs->runs[i].job);
        size_t n = runs->runs[i].records;

        fprintf(m, "%s %s%s (%zu record%s)", i ? "," : "",
                job[0] ? "job " : "outside Slurm", job, n, _s(n));
    }
    if (runs->count > _RUNS_NAMED)
        fprintf(m, " and %zu more", runs->count - _RUNS_NAMED);
    if (fclose(m) == 0)
        hl_print_wrapped(out, text);
    free(text);
    hl_print_wrapped(out, "They are reported together; --job=ID reports the "
                          "records of one.");
}

static void _peak(FILE *out, const struct hl_report *r)
{
    const struct hl_peak_stats *st = &r->sum->peak;
    const struct hl_proc *top = &r->set->procs[r->sum->ranks[0].proc];
    char size[HL_SIZE_BUF], t[32];
    struct hl_table tab;

    hl_table_init(&tab, 2);
    hl_format_size(st->max, size);
    hl_fmt_tenths(top->peak_time_ms, t);
    hl_table_cell(&tab, "max");
    hl_table_cell(&tab, "%s, rank %" PRId32 " at %s s", size, top->rank, t);
    hl_format_size(st->median, size);
    hl_table_cell(&tab, "median");
    hl_table_cell(&tab, "%s", size);
    hl_format_size(st->min, size);
    hl_table_cell(&tab, "min");
    hl_table_cell(&tab, "%s", size);
    fputs("Peak heap\n", out);
    hl_table_print(&tab, out);
    if (st->mean > 0)
        fprintf(out, " imbalance %.2f (max / mean)\n\n", st->imbalance);
    else
        fprintf(out, " imbalance - (max / mean)\n\n");
}

static void _ranks(FILE *out, const struct hl_report *r)
{
    size_t shown = hl_shown_ranks(r);
    int others = 0, programs = 0;
    struct hl_table tab;

    for (size_t i = 0; i < r->sum->nranks && !others; i++)
        others = r->sum->ranks[i].others > 0;
    /* Records of older versions name no program: no column then. */
    for (size_t i = 0; i < shown && !programs; i++)
        programs = _program(r, &r->set->procs[r->sum->ranks[i].proc])[0] != 0;
    hl_table_init(&tab, 7 + programs);
    hl_table_cell(&tab, "rank");
    hl_table_cell(&tab, "host");
    if (programs)
        hl_table_cell(&tab, "program");
    hl_table_cell(&tab, "peak heap");
    hl_table_cell(&tab, "at (s)");
    hl_table_cell(&tab, "VmHWM");
    hl_table_cell(&tab, "heap / VmHWM");
    hl_table_cell(&tab, "%s", others ? "other processes" : "");
    for (size_t i = 0; i < shown; i++) {
        const struct hl_rank *k = &r->sum->ranks[i];
        const struct hl_proc *p = &r->set->procs[k->proc];
        char peak[HL_SIZE_BUF], hwm[HL_SIZE_BUF], t[32], ratio[32];

        const char *at_least = hl_proc_cut_short(p) ? ">= " : "";

        hl_format_size(p->peak_heap, peak);
        hl_format_size(p->vmhwm, hwm);
        hl_fmt_tenths(p->peak_time_ms, t);
        hl_fmt_ratio(p->peak_heap, p->vmhwm, ratio);
        hl_table_cell(&tab, "%" PRId32, p->rank);
        hl_table_cell(&tab, "%s", _host(r, p));
        if (programs)
            hl_table_cell(&tab, "%s", _program(r, p));
        hl_table_cell(&tab, "%s%s", at_least, peak);
        hl_table_cell(&tab, "%s", t);
        hl_table_cell(&tab, "%s%s", at_least, hwm);
        hl_table_cell(&tab, "%s", ratio);
        if (others)
            hl_table_cell(&tab, "%" PRIu32, k->others);
        else
            hl_table_cell(&tab, "%s", "");
    }
    fprintf(out, "Ranks by peak heap (%zu of %zu)\n", shown, r->sum->nranks);
    hl_table_print(&tab, out);
    fputc('\n', out);
}

static void _cut_short_row(struct hl_table *tab, const struct hl_report *r,
                           const struct hl_proc *p)
{
    char how[64], peak[HL_SIZE_BUF], hwm[HL_SIZE_BUF], t[32];

    hl_fmt_end(p, _node_of(r, p->host) ? _node_of(r, p->host)->mem_limit : 0,
               how);
    hl_format_size(p->peak_heap, peak);
    hl_format_size(p->vmhwm, hwm);
    hl_fmt_tenths(p->peak_time_ms, t);
    hl_table_cell(tab, "rank %" PRId32, p->rank);
    hl_table_cell(tab, "%s", _host(r, p));
    hl_table_cell(tab, "pid %" PRIu32 "%s%s", p->pid,
                  _program(r, p)[0] ? " " : "", _program(r, p));
    hl_table_cell(tab, "%s", how);
    hl_table_cell(tab, "heap %s at %s s", peak, t);
    hl_table_cell(tab, "VmHWM %s", hwm);
}

/* Processes that died (killed, crashed, or still running when their
 * records were read): their figures stop at that moment. As many rows as
 * the ranks table, processes first, then killed tasks with no record. */
static void _cut_short(FILE *out, const struct hl_report *r, size_t count)
{
    const struct hl_procset *set = r->set;
    size_t shown = 0;
    struct hl_table tab;
    char how[64];

    if (!count)
        return;
    hl_table_init(&tab, 6);
    for (size_t i = 0; i < set->count && shown < r->top; i++)
        if (hl_proc_cut_short(&set->procs[i])) {
            _cut_short_row(&tab, r, &set->procs[i]);
            shown++;
        }
    for (size_t i = 0; i < set->nexits && shown < r->top; i++) {
        const struct hl_task_exit *x = &set->exits[i];

        if (!x->signal || x->matched)
            continue;
        hl_fmt_end(&(struct hl_proc){.signal = x->signal, .oom = x->oom == 1},
                   _node_of(r, x->host) ? _node_of(r, x->host)->mem_limit : 0,
                   how);
        hl_table_cell(&tab, "task %" PRIu32, x->task);
        hl_table_cell(&tab, "%s", hl_strpool_get(&set->hosts, x->host));
        hl_table_cell(&tab, "pid %" PRIu32, x->pid);
        hl_table_cell(&tab, "%s", how);
        hl_table_cell(&tab, "no record");
        hl_table_cell(&tab, "%s", "");
        shown++;
    }
    fprintf(out,
            "Did not exit normally (%zu of %zu): figures are lower bounds up "
            "to the death\n",
            shown, count);
    hl_table_print(&tab, out);
    fputc('\n', out);
}

/* When sacct was asked and gave no MaxRSS: why, in one sentence. */
static bool _sacct_silence(FILE *out, const struct hl_step_rss *s)
{
    char text[sizeof(s->later) + 160];
    size_t size = sizeof(text);

    switch (s->state) {
    case HL_SACCT_NO_ROW:
        snprintf(text, size,
                 "Slurm: sacct has no record of %s %s (not in Slurm's "
                 "accounting database%s): no MaxRSS to compare with.",
                 strchr(s->asked, '.') ? "step" : "job", s->asked,
                 s->waited_s ? ", or not yet" : "");
        break;
    case HL_SACCT_NO_ANSWER:
        snprintf(text, size,
                 "Slurm: sacct %s: no MaxRSS to compare with; "
                 "heapline-report asks again when run later.",
                 s->detail);
        break;
    case HL_SACCT_UNSAMPLED:
        snprintf(text, size,
                 "Slurm: sacct has no MaxRSS of step %s: it ended before "
                 "Slurm's first sample.",
                 s->step);
        break;
    case HL_SACCT_LATER:
        snprintf(text, size,
                 "Slurm: sacct's MaxRSS was not awaited at the step's end; "
                 "to compare it with the figures above, run later: %s",
                 s->later);
        break;
    default:
        return false;
    }
    hl_print_wrapped(out, text);
    return true;
}

/* Whether the ranks table shows process proc. */
static int _shown(const struct hl_report *r, uint32_t proc)
{
    for (size_t i = 0; i < hl_shown_ranks(r); i++)
        if (r->sum->ranks[i].proc == proc)
            return 1;
    return 0;
}

/* Why sacct's MaxRSS is below heapline's VmHWM: sampling always; with
 * memory cgroups (node files), Slurm may also count as the cgroup does
 * (jobacct_gather/cgroup), not as VmHWM does. */
static const char *_below_why(const struct hl_report *r)
{
    if (r->sum->true_peaks)
        return " sacct's figure is below heapline's: Slurm samples memory, "
               "and where it gathers it from cgroups (jobacct_gather/cgroup) "
               "counts it as the task's cgroup does, not as VmHWM does.";
    return " sacct's figure is below heapline's: a short peak fell between "
           "its samples.";
}

/* Writers of a pipeline that SIGPIPE ended when their reader stopped:
 * a normal end, with final figures, said once. */
static void _sigpipe(FILE *out, const struct hl_report *r)
{
    size_t n = hl_procset_sigpipe_ends(r->set);
    const struct hl_proc *p = r->set->procs;
    char text[512];

    if (!n)
        return;
    while (p->end != HL_END_SIGPIPE)
        p++;
    snprintf(text, sizeof(text),
             "%zu process%s ended by SIGPIPE (%srank %" PRId32 " on %s, pid "
             "%" PRIu32 "): %s reader stopped reading, as `head` does in "
             "`seq | head -1`. That is the normal end of a writer in a "
             "pipeline, and %s figures are final.",
             n, n == 1 ? "" : "es", n == 1 ? "" : "the first: ", p->rank,
             _host(r, p), p->pid, n == 1 ? "its" : "their",
             n == 1 ? "its" : "their");
    hl_print_wrapped(out, text);
    fputc('\n', out);
}

static void _slurm_note(FILE *out, const struct hl_report *r)
{
    const struct hl_proc *big = &r->set->procs[r->sum->largest_vmhwm_proc];
    const char *above = _shown(r, r->sum->largest_vmhwm_proc) ? " above" : "";
    const struct hl_step_rss *s = &r->sacct;
    char hwm[HL_SIZE_BUF], rss[HL_SIZE_BUF], where[128] = "", text[640];

    hl_format_size(big->vmhwm, hwm);
    if (_sacct_silence(out, s))
        return;
    if (!s->known) {
        snprintf(text, sizeof(text),
                 "Slurm: sacct MaxRSS is a per-task maximum sampled during "
                 "the job; a short peak can fall between samples. Compare it "
                 "with the largest VmHWM%s, %s (rank %" PRId32 " on %s).",
                 above, hwm, big->rank, _host(r, big));
        hl_print_wrapped(out, text);
        return;
    }
    hl_format_size(s->maxrss, rss);
    if (s->has_task && s->node[0])
        snprintf(where, sizeof(where), " (task %" PRIu32 " on %s)", s->task,
                 s->node);
    else if (s->node[0])
        snprintf(where, sizeof(where), " (on %s)", s->node);
    snprintf(text, sizeof(text),
             "Slurm: sacct MaxRSS of step %s is %s%s, a per-task maximum "
             "sampled during the job; the largest VmHWM%s is %s (rank "
             "%" PRId32 " on %s).%s",
             s->step, rss, where, above, hwm, big->rank, _host(r, big),
             hl_sacct_missed_peak(s->maxrss, big->vmhwm) ? _below_why(r) : "");
    hl_print_wrapped(out, text);
}

/* What a request of 0 (the whole node) came to: each node's RealMemory, or
 * that it is not known. */
static void _whole_node(const struct hl_report *r, char *text, size_t size)
{
    size_t known = 0;

    for (size_t i = 0; i < r->sum->nnodes; i++)
        known += r->sum->nodes[i].real_memory != 0;
    snprintf(text, size,
             known == r->sum->nnodes
                 ? ": all of each node's memory, its RealMemory (scontrol)"
             : known ? ": all of each node's memory, which scontrol gave for "
                       "some nodes only"
                     : ": all of each node's memory, which is not known here "
                       "(scontrol did not give its RealMemory)");
}

static void _request(FILE *out, const struct hl_report *r)
{
    const struct hl_suggestion *s = &r->sug;
    char given[32], over[64], cpus[48], whole[128] = "", text[512];
    int per_cpu = r->req.kind == HL_REQ_MEM_PER_CPU;
    size_t judged = 0;

    for (size_t i = 0; i < r->sum->nnodes; i++)
        judged += r->sum->nodes[i].request != 0 || r->sum->nodes[i].oom;
    hl_slurm_size_exact(r->req.bytes, given);
    if (r->req.whole_node) {
        snprintf(given, sizeof(given), "0");
        _whole_node(r, whole, sizeof(whole));
    }
    if (s->over_nodes)
        snprintf(over, sizeof(over), "; %zu of %zu node%s over it",
                 s->over_nodes, r->sum->nnodes, _s(r->sum->nnodes));
    else if (judged)
        snprintf(over, sizeof(over), "; no node over it");
    else
        over[0] = '\0';
    if (per_cpu)
        snprintf(cpus, sizeof(cpus), ", %" PRIu32 " CPU%s per rank",
                 r->req.cpus_per_rank, _s(r->req.cpus_per_rank));
    else
        snprintf(cpus, sizeof(cpus), " per node");
    snprintf(text, sizeof(text), "Request: %s=%s%s (%s)%s%s.",
             per_cpu ? "--mem-per-cpu" : "--mem", given, cpus, r->req.source,
             whole, over);
    fputc('\n', out);
    hl_print_wrapped(out, text);
}

/* ", rounded up to a multiple of 128 MiB" where the step is not 1 MiB. */
static void _rounding(const struct hl_suggestion *s, char *text, size_t size)
{
    const uint64_t mib = 1024 * 1024;

    if (s->step <= mib)
        text[0] = '\0';
    else if (s->step < 1024 * mib)
        snprintf(text, size, ", rounded up to a multiple of %llu MiB",
                 (unsigned long long)(s->step / mib));
    else
        snprintf(text, size, ", rounded up to a multiple of %llu GiB",
                 (unsigned long long)(s->step / (1024 * mib)));
}

static void _suggestion(FILE *out, const struct hl_report *r, size_t cut)
{
    const struct hl_suggestion *s = &r->sug;
    const struct hl_node *n = &r->sum->nodes[s->basis_node];
    char basis[HL_SIZE_BUF], rounding[64], text[512];
    char too_small[128];
    int per_cpu = r->req.kind == HL_REQ_MEM_PER_CPU;

    if (!s->known)
        return;
    _request(out, r);
    hl_format_size(s->basis_bytes, basis);
    _rounding(s, rounding, sizeof(rounding));
    if (s->too_small)
        snprintf(
            too_small, sizeof(too_small),
            "the request was too small: out of memory on %s; ",
            hl_strpool_get(&r->set->hosts, r->sum->nodes[s->oom_node].host));
    else
        too_small[0] = '\0';
    if (s->from_limit)
        snprintf(text, sizeof(text),
                 "Suggested request: %s (%stwice its limit%s, %s, plus a %u%% "
                 "margin%s).",
                 s->option, too_small, per_cpu ? " per CPU" : "", basis,
                 r->margin_pct, rounding);
    else if (s->from_sacct)
        snprintf(text, sizeof(text),
                 "Suggested request: %s (%ssacct's MaxRSS%s, %s, above what "
                 "the records show, plus a %u%% margin%s).",
                 s->option, too_small, per_cpu ? " per CPU" : "", basis,
                 r->margin_pct, rounding);
    else if (s->from == HL_USED_VMHWM)
        snprintf(text, sizeof(text),
                 "Suggested request: %s (%sthe VmHWM of a process on %s%s, "
                 "%s, above the node's concurrent RSS, plus a %u%% margin%s).",
                 s->option, too_small, hl_strpool_get(&r->set->hosts, n->host),
                 per_cpu ? " per CPU" : "", basis, r->margin_pct, rounding);
    else
        snprintf(text, sizeof(text),
                 "Suggested request: %s (%sthe largest node %s%s, %s on %s, "
                 "plus a %u%% margin%s).",
                 s->option, too_small, hl_used_name(s->from),
                 per_cpu ? " per CPU" : "", basis,
                 hl_strpool_get(&r->set->hosts, n->host), r->margin_pct,
                 rounding);
    hl_print_wrapped(out, text);
    if (cut) {
        snprintf(text, sizeof(text),
                 "%zu process%s did not exit normally: %s VmHWM is a lower "
                 "bound, and so is this suggestion.",
                 cut, cut == 1 ? "" : "es", cut == 1 ? "its" : "their");
        hl_print_wrapped(out, text);
    }
}

/* r with every text that comes from files (host names, job ids, programs,
 * sacct's answer) escaped (escape.h), in shown, set and pools. */
static int _escaped(const struct hl_report *r, struct hl_report *shown,
                    struct hl_procset *set)
{
    *shown = *r;
    *set = *r->set;
    shown->set = set;
    if (hl_escape_pool(&r->set->hosts, &set->hosts) < 0)
        return -1;
    if (hl_escape_pool(&r->set->jobs, &set->jobs) < 0) {
        hl_strpool_free(&set->hosts);
        return -1;
    }
    if (hl_escape_pool(&r->set->programs, &set->programs) < 0) {
        hl_strpool_free(&set->hosts);
        hl_strpool_free(&set->jobs);
        return -1;
    }
    hl_escape(r->sacct.asked, shown->sacct.asked, sizeof(shown->sacct.asked));
    hl_escape(r->sacct.step, shown->sacct.step, sizeof(shown->sacct.step));
    hl_escape(r->sacct.node, shown->sacct.node, sizeof(shown->sacct.node));
    return 0;
}

int hl_print_text(FILE *out, const struct hl_report *raw)
{
    struct hl_report shown;
    struct hl_procset set;
    const struct hl_report *r = &shown;
    size_t cut = hl_procset_cut_short(raw->set);
    int rc;

    if (_escaped(raw, &shown, &set) < 0)
        return -1;
    _header(out, r);
    _runs(out, r);
    fputc('\n', out);
    _peak(out, r);
    rc = hl_print_text_nodes(out, r);
    if (rc == 0) {
        _ranks(out, r);
        if (r->timeline)
            hl_print_timeline_chart(out, r);
        if (r->sites)
            hl_sites_print_text(out, r->sites);
        _cut_short(out, r, cut);
        _sigpipe(out, r);
        _slurm_note(out, r);
        _suggestion(out, r, cut);
    }
    hl_strpool_free(&set.hosts);
    hl_strpool_free(&set.jobs);
    hl_strpool_free(&set.programs);
    return rc;
}

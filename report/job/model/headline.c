#include "headline.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "format_size.h"
#include "shared/slurm_size.h"

static const char *_s(size_t n)
{
    return n == 1 ? "" : "s";
}

static const char *_host(const struct hl_report *r, uint32_t host)
{
    return hl_strpool_get(&r->set->hosts, host);
}

void hl_headline_job(const struct hl_report *r, char buf[HL_SENTENCE])
{
    const struct hl_summary *sum = r->sum;
    char t[32], procs[80] = "";

    hl_fmt_tenths(sum->longest_ms, t);
    if (sum->launchers)
        snprintf(procs, sizeof(procs),
                 " (%zu processes, %zu launcher daemon%s)", sum->nprocs,
                 sum->launchers, _s(sum->launchers));
    else if (sum->nprocs != sum->nranks)
        snprintf(procs, sizeof(procs), " (%zu processes)", sum->nprocs);
    snprintf(buf, HL_SENTENCE,
             "heapline-report: %zu rank%s%s on %zu node%s, longest process %s "
             "s",
             sum->nranks, _s(sum->nranks), procs, sum->nnodes, _s(sum->nnodes),
             t);
}

/* When sacct was asked and gave no MaxRSS: why, in one sentence. */
static bool _sacct_silence(const struct hl_step_rss *s, char buf[HL_SENTENCE])
{
    switch (s->state) {
    case HL_SACCT_NO_ROW:
        snprintf(buf, HL_SENTENCE,
                 "Slurm: sacct has no record of %s %s (not in Slurm's "
                 "accounting database%s): no MaxRSS to compare with.",
                 strchr(s->asked, '.') ? "step" : "job", s->asked,
                 s->waited_s ? ", or not yet" : "");
        return true;
    case HL_SACCT_NO_ANSWER:
        snprintf(buf, HL_SENTENCE,
                 "Slurm: sacct %s: no MaxRSS to compare with; "
                 "heapline-report asks again when run later.",
                 s->detail);
        return true;
    case HL_SACCT_UNSAMPLED:
        snprintf(buf, HL_SENTENCE,
                 "Slurm: sacct has no MaxRSS of step %s: it ended before "
                 "Slurm's first sample.",
                 s->step);
        return true;
    case HL_SACCT_LATER:
        snprintf(buf, HL_SENTENCE,
                 "Slurm: sacct's MaxRSS was not awaited at the step's end; "
                 "to compare it with the figures above, run later: %s",
                 s->later);
        return true;
    default:
        return false;
    }
}

/* Whether the table shows process proc: in a row, or under its rank. */
static int _shown(const struct hl_report *r, uint32_t proc)
{
    for (size_t i = 0; i < hl_shown_rows(r); i++) {
        const uint32_t *under = NULL;
        size_t n = r->sum->list.by_process ? 0 : hl_shown_under(r, i, &under);

        if (hl_row_proc(r, i) == proc)
            return 1;
        for (size_t k = 0; k < n; k++)
            if (under[k] == proc)
                return 1;
    }
    return 0;
}

/* Whose a process is, for "That VmHWM is ...'s": its rank's, or outside
 * MPI its own ("cc1's (pid 2245)", "pid 2245's"). */
static void _whose(const struct hl_report *r, const struct hl_proc *p,
                   char *buf, size_t size)
{
    const char *program = hl_strpool_get(&r->set->programs, p->program);

    if (!r->sum->list.by_process)
        snprintf(buf, size, "rank %" PRId32 "'s", p->rank);
    else if (program[0])
        snprintf(buf, size, "%s's (pid %" PRIu32 ")", program, p->pid);
    else
        snprintf(buf, size, "pid %" PRIu32 "'s", p->pid);
}

/* Who a process is, in parentheses: "rank 3 on node01", or outside MPI
 * "cc1, pid 2245, on node01". */
static void _who(const struct hl_report *r, const struct hl_proc *p, char *buf,
                 size_t size)
{
    const char *program = hl_strpool_get(&r->set->programs, p->program);

    if (!r->sum->list.by_process)
        snprintf(buf, size, "rank %" PRId32 " on %s", p->rank,
                 _host(r, p->host));
    else
        snprintf(buf, size, "%s%spid %" PRIu32 ", on %s", program,
                 program[0] ? ", " : "", p->pid, _host(r, p->host));
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

void hl_headline_slurm(const struct hl_report *r, char buf[HL_SENTENCE])
{
    const struct hl_proc *big = &r->set->procs[r->sum->largest_vmhwm_proc];
    const char *above = _shown(r, r->sum->largest_vmhwm_proc) ? " above" : "";
    const struct hl_step_rss *s = &r->sacct;
    char hwm[HL_SIZE_BUF], rss[HL_SIZE_BUF], where[128] = "", who[160];

    hl_format_size(big->vmhwm, hwm);
    if (_sacct_silence(s, buf))
        return;
    if (!s->known) {
        _whose(r, big, who, sizeof(who));
        /* The tutorial's sentences, in its order; what is new after. */
        snprintf(buf, HL_SENTENCE,
                 "Slurm: sacct MaxRSS is a per-task maximum sampled during "
                 "the job. Compare it with the largest VmHWM%s, %s; a short "
                 "peak can fall between samples. That VmHWM is %s, on %s.",
                 above, hwm, who, _host(r, big->host));
        return;
    }
    hl_format_size(s->maxrss, rss);
    _who(r, big, who, sizeof(who));
    if (s->has_task && s->node[0])
        snprintf(where, sizeof(where), " (task %" PRIu32 " on %s)", s->task,
                 s->node);
    else if (s->node[0])
        snprintf(where, sizeof(where), " (on %s)", s->node);
    snprintf(buf, HL_SENTENCE,
             "Slurm: sacct MaxRSS of step %s is %s%s, a per-task maximum "
             "sampled during the job; the largest VmHWM%s is %s (%s).%s",
             s->step, rss, where, above, hwm, who,
             hl_sacct_missed_peak(s->maxrss, big->vmhwm) ? _below_why(r) : "");
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

void hl_headline_request(const struct hl_report *r, char buf[HL_SENTENCE])
{
    const struct hl_suggestion *s = &r->sug;
    char given[32], over[64], cpus[48], whole[128] = "";
    int per_cpu = r->req.kind == HL_REQ_MEM_PER_CPU;
    size_t judged = 0;

    buf[0] = '\0';
    if (!s->known || r->req.kind == HL_REQ_NONE)
        return;
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
    snprintf(buf, HL_SENTENCE, "Request: %s=%s%s (%s)%s%s.",
             per_cpu ? "--mem-per-cpu" : "--mem", given, cpus, r->req.source,
             whole, over);
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

/* What the suggestion rests on, the words between its parentheses. */
static void _suggestion_basis(const struct hl_report *r, char *buf, size_t size)
{
    const struct hl_suggestion *s = &r->sug;
    const struct hl_node *n = &r->sum->nodes[s->basis_node];
    char basis[HL_SIZE_BUF], rounding[64], too_small[128] = "";
    const char *per_cpu = r->req.kind == HL_REQ_MEM_PER_CPU ? " per CPU" : "";

    hl_format_size(s->basis_bytes, basis);
    _rounding(s, rounding, sizeof(rounding));
    if (s->too_small)
        snprintf(too_small, sizeof(too_small),
                 "the request was too small: out of memory on %s; ",
                 _host(r, r->sum->nodes[s->oom_node].host));
    if (s->from_limit)
        snprintf(buf, size, "%stwice its limit%s, %s, plus a %u%% margin%s",
                 too_small, per_cpu, basis, r->margin_pct, rounding);
    else if (s->from_sacct)
        snprintf(buf, size,
                 "%ssacct's MaxRSS%s, %s, above what the records show, plus "
                 "a %u%% margin%s",
                 too_small, per_cpu, basis, r->margin_pct, rounding);
    else if (s->from == HL_USED_VMHWM)
        snprintf(buf, size,
                 "%sthe VmHWM of a process on %s%s, %s, above the node's "
                 "concurrent %s, plus a %u%% margin%s",
                 too_small, _host(r, n->host), per_cpu, basis,
                 n->conc_pss_known ? "PSS" : "RSS", r->margin_pct, rounding);
    else
        snprintf(buf, size,
                 "%sthe largest node %s%s, %s on %s, plus a %u%% "
                 "margin%s",
                 too_small, hl_used_name(s->from), per_cpu, basis,
                 _host(r, n->host), r->margin_pct, rounding);
}

void hl_headline_suggestion(const struct hl_report *r, char buf[HL_SENTENCE])
{
    const struct hl_suggestion *s = &r->sug;
    char why[HL_SENTENCE - 128];

    buf[0] = '\0';
    if (!s->known)
        return;
    _suggestion_basis(r, why, sizeof(why));
    /* With no request known (a run outside Slurm, a job that asked for
     * none) the answer heapline exists to give, worded for the next job. */
    if (r->req.kind == HL_REQ_NONE)
        snprintf(buf, HL_SENTENCE, "Under Slurm, request %s per node (%s).",
                 s->option, why);
    else
        snprintf(buf, HL_SENTENCE, "Suggested request: %s (%s).", s->option,
                 why);
}

void hl_headline_cut_short(const struct hl_report *r, size_t cut,
                           char buf[HL_SENTENCE])
{
    struct hl_cut_short c;
    size_t stale = 0;

    buf[0] = '\0';
    if (!cut || !r->sug.known)
        return;
    /* Those whose task's cgroup gave the VmHWM are not lower bounds. */
    for (size_t at = 0; hl_procset_cut_short_next(r->set, &at, &c);)
        stale += c.proc ? hl_proc_hwm_stale(c.proc) : !c.exit->cgroup_peak;
    if (!stale)
        return;
    snprintf(buf, HL_SENTENCE,
             "%zu process%s did not exit normally: %s VmHWM is a lower "
             "bound, and so is this suggestion.",
             stale, stale == 1 ? "" : "es", stale == 1 ? "its" : "their");
}

const struct hl_node *hl_report_node(const struct hl_report *r, uint32_t host)
{
    const struct hl_summary *sum = r->sum;
    const struct hl_node *n;

    if (host >= r->set->hosts.count)
        return NULL;
    n = &sum->nodes[sum->node_of_host[host]];
    return n < sum->nodes + sum->nnodes && n->host == host ? n : NULL;
}

void hl_task_end(const struct hl_report *r, const struct hl_task_exit *x,
                 char buf[64])
{
    const struct hl_node *n = hl_report_node(r, x->host);

    hl_fmt_end(&(struct hl_proc){.signal = x->signal, .oom = x->oom == 1},
               n ? n->mem_limit : 0, buf);
}

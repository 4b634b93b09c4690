#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_format.h"
#include "shared/escape.h"
#include "job/model/figures.h"
#include "job/model/headline.h"
#include "job/model/shared_mem.h"
#include "format_size.h"
#include "job/report.h"
#include "text_nodes.h"
#include "text_procs.h"
#include "shared/text_table.h"
#include "text_wrap.h"
#include "job/timeline_out.h"

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
    char size[HL_SIZE_BUF], t[32], name[320];
    struct hl_table tab;

    hl_table_init(&tab, 2);
    hl_format_size(st->max, size);
    hl_fmt_tenths(top->peak_time_ms, t);
    hl_fmt_name(r->set, top, name, sizeof(name));
    hl_table_cell(&tab, "max");
    hl_table_cell(&tab, "%s, %s at %s s", size, name, t);
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

/* Whether some shown rank has processes listed under it: then the table
 * says each row's pid and parent. */
static bool _listed_under(const struct hl_report *r)
{
    const uint32_t *first;

    for (size_t i = 0; i < hl_shown_ranks(r); i++)
        if (hl_shown_under(r, i, &first))
            return true;
    return false;
}

static void _ranks(FILE *out, const struct hl_report *r)
{
    size_t shown = hl_shown_ranks(r);
    bool others = false, programs = false, pids = _listed_under(r);
    bool left_out = false, shares = false;
    struct hl_table tab;

    if (r->sum->list.by_process) {
        hl_print_text_processes(out, r);
        return;
    }
    for (size_t i = 0; i < r->sum->nranks && !others; i++)
        others = r->sum->ranks[i].others > 0;
    /* Records of older versions name no program: no column then. */
    for (size_t i = 0; i < shown && !programs; i++)
        programs = _program(r, &r->set->procs[r->sum->ranks[i].proc])[0] != 0;
    for (size_t i = 0; i < shown && !shares; i++)
        shares =
            hl_shares(r->set, r->sum, &r->set->procs[r->sum->ranks[i].proc]);
    hl_table_init(&tab, 7 + programs + 2 * pids + 2 * shares);
    hl_table_cell(&tab, "rank");
    if (pids) {
        hl_table_cell(&tab, "pid");
        hl_table_cell(&tab, "parent");
    }
    hl_table_cell(&tab, "host");
    if (programs)
        hl_table_cell(&tab, "program");
    hl_table_cell(&tab, "peak heap");
    hl_table_cell(&tab, "at (s)");
    hl_table_cell(&tab, "VmHWM");
    hl_table_cell(&tab, "heap / VmHWM");
    if (shares) {
        hl_table_cell(&tab, "own");
        hl_table_cell(&tab, "shared");
    }
    hl_table_cell(&tab, "%s", others ? "other processes" : "");
    for (size_t i = 0; i < shown; i++) {
        const struct hl_rank *k = &r->sum->ranks[i];
        const struct hl_proc *p = &r->set->procs[k->proc];
        char hwm[64], parent[16];
        struct hl_heap_text h;

        hl_fmt_heap(p, &h);
        hl_fmt_hwm(p, false, hwm);
        hl_fmt_ppid(p, parent);
        hl_table_cell(&tab, "%" PRId32, p->rank);
        if (pids) {
            hl_table_cell(&tab, "%" PRIu32, p->pid);
            hl_table_cell(&tab, "%s", parent);
        }
        hl_table_cell(&tab, "%s", _host(r, p));
        if (programs)
            hl_table_cell(&tab, "%s", _program(r, p));
        hl_table_cell(&tab, "%s", h.peak);
        hl_table_cell(&tab, "%s", h.at);
        hl_table_cell(&tab, "%s", hwm);
        hl_table_cell(&tab, "%s", h.ratio);
        if (shares)
            hl_text_own_shared(&tab, r, p);
        if (others)
            hl_table_cell(&tab, "%" PRIu32, k->others);
        else
            hl_table_cell(&tab, "%s", "");
        if (pids && hl_text_rank_processes(&tab, r, i, programs, shares))
            left_out = true;
    }
    fprintf(out, "Ranks by peak heap (%zu of %zu)%s\n", shown, r->sum->nranks,
            pids ? ", each with its other processes under it" : "");
    hl_table_print(&tab, out);
    if (left_out)
        fprintf(out,
                " Under each rank, its %zu largest other processes; --all "
                "lists every one.\n",
                r->top);
    if (shares)
        hl_text_own_shared_words(out, "rank");
    fputc('\n', out);
}

static void _cut_short_row(struct hl_table *tab, const struct hl_report *r,
                           const struct hl_proc *p)
{
    char how[64], peak[HL_SIZE_BUF], hwm[64], t[32];

    hl_fmt_end(
        p,
        hl_report_node(r, p->host) ? hl_report_node(r, p->host)->mem_limit : 0,
        how);
    hl_format_size(p->peak_heap, peak);
    hl_fmt_hwm(p, true, hwm);
    hl_fmt_tenths(p->peak_time_ms, t);
    /* Who it is first, as a killed task's row says its task: its rank, or
     * with none its program. */
    if (p->rank >= 0)
        hl_table_cell(tab, "rank %" PRId32, p->rank);
    else
        hl_table_cell(tab, "%s",
                      _program(r, p)[0] ? _program(r, p) : "process");
    hl_table_cell(tab, "%s", _host(r, p));
    if (p->rank >= 0)
        hl_table_cell(tab, "pid %" PRIu32 "%s%s", p->pid,
                      _program(r, p)[0] ? " " : "", _program(r, p));
    else
        hl_table_cell(tab, "pid %" PRIu32, p->pid);
    hl_table_cell(tab, "%s", how);
    if (hl_proc_heap_unknown(p))
        hl_table_cell(tab, "heap unknown");
    else
        hl_table_cell(tab, "heap %s at %s s", peak, t);
    hl_table_cell(tab, "VmHWM %s", hwm);
}

static void _no_record_row(struct hl_table *tab, const struct hl_report *r,
                           const struct hl_task_exit *x)
{
    char how[64], peak[HL_SIZE_BUF];

    hl_task_end(r, x, how);
    hl_format_size(x->cgroup_peak, peak);
    hl_table_cell(tab, "task %" PRIu32, x->task);
    hl_table_cell(tab, "%s", hl_strpool_get(&r->set->hosts, x->host));
    hl_table_cell(tab, "pid %" PRIu32, x->pid);
    hl_table_cell(tab, "%s", how);
    hl_table_cell(tab, "no record");
    if (x->cgroup_peak)
        hl_table_cell(tab, "its task's cgroup peaked at %s", peak);
    else
        hl_table_cell(tab, "%s", "");
}

/* Processes that died (killed, crashed, or still running when their
 * records were read): their figures stop at that moment. As many rows as
 * the ranks table, processes first, then killed tasks with no record. */
static void _cut_short(FILE *out, const struct hl_report *r, size_t count)
{
    struct hl_cut_short c;
    size_t shown = 0;
    struct hl_table tab;

    if (!count)
        return;
    hl_table_init(&tab, 6);
    for (size_t at = 0;
         shown < r->top && hl_procset_cut_short_next(r->set, &at, &c); shown++)
        if (c.proc)
            _cut_short_row(&tab, r, c.proc);
        else
            _no_record_row(&tab, r, c.exit);
    fprintf(out,
            "Did not exit normally (%zu of %zu): figures are lower bounds up "
            "to the death\n",
            shown, count);
    hl_table_print(&tab, out);
    fputc('\n', out);
}

/* A task's end in words: "exit 0", or slurmstepd's "unknown". */
static void _exit_words(const struct hl_task_exit *x, char buf[32])
{
    if (x->status == HL_STATUS_EXITED)
        snprintf(buf, 32, "exit %" PRId64, x->exit_code);
    else
        snprintf(buf, 32, "end unknown");
}

/* Tasks that ended with no record and no signal: heapline never ran in
 * them (doc/limitations.md), and nothing else says so. */
static void _unmeasured(FILE *out, const struct hl_report *r)
{
    const struct hl_task_exit *x = hl_procset_unmeasured(r->set);
    size_t n = r->set->nunmeasured, shown;
    char peak[HL_SIZE_BUF], end[32];
    struct hl_table tab;

    if (!n)
        return;
    hl_table_init(&tab, 5);
    for (shown = 0; shown < n && shown < r->top; shown++, x++) {
        _exit_words(x, end);
        hl_format_size(x->cgroup_peak, peak);
        hl_table_cell(&tab, "task %" PRIu32, x->task);
        hl_table_cell(&tab, "%s", hl_strpool_get(&r->set->hosts, x->host));
        hl_table_cell(&tab, "pid %" PRIu32, x->pid);
        hl_table_cell(&tab, "%s", end);
        if (x->cgroup_peak)
            hl_table_cell(&tab, "its task's cgroup peaked at %s", peak);
        else
            hl_table_cell(&tab, "%s", "");
    }
    fprintf(out,
            "Unmeasured (%zu of %zu task%s): no record; a statically linked "
            "program not linked with heapline, or a setuid one "
            "(doc/limitations.md)\n",
            shown, n, n == 1 ? "" : "s");
    hl_table_print(&tab, out);
    fputc('\n', out);
}

/* Writers of a pipeline that SIGPIPE ended when their reader stopped:
 * a normal end, with final figures, said once. */
static void _sigpipe(FILE *out, const struct hl_report *r)
{
    size_t n = hl_procset_sigpipe_ends(r->set);
    const struct hl_proc *p = r->set->procs;
    char text[1024], who[400];

    if (!n)
        return;
    while (p->end != HL_END_SIGPIPE)
        p++;
    hl_fmt_who_pid(r->set, p, who, sizeof(who));
    snprintf(text, sizeof(text),
             "%zu process%s ended by SIGPIPE (%s%s): %s reader stopped "
             "reading, as `head` does in `seq | head -1`. That is the normal "
             "end of a writer in a pipeline, and %s figures are final.",
             n, n == 1 ? "" : "es", n == 1 ? "" : "the first: ", who,
             n == 1 ? "its" : "their", n == 1 ? "its" : "their");
    hl_print_wrapped(out, text);
    fputc('\n', out);
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
    char text[HL_SENTENCE];
    int rc;

    if (_escaped(raw, &shown, &set) < 0)
        return -1;
    hl_headline_job(r, text);
    fprintf(out, "%s\n", text);
    _runs(out, r);
    fputc('\n', out);
    _peak(out, r);
    rc = hl_print_text_nodes(out, r);
    if (rc == 0) {
        _ranks(out, r);
        if (r->timeline)
            hl_print_timeline_chart(out, r);
        if (r->callsites)
            hl_callsites_print_text(out, r->callsites);
        _cut_short(out, r, cut);
        _unmeasured(out, r);
        _sigpipe(out, r);
        hl_headline_slurm(r, text);
        hl_print_wrapped(out, text);
        hl_headline_request(r, text);
        if (text[0] || r->sug.known)
            fputc('\n', out);
        if (text[0])
            hl_print_wrapped(out, text);
        hl_headline_suggestion(r, text);
        if (text[0])
            hl_print_wrapped(out, text);
        hl_headline_cut_short(r, cut, text);
        if (text[0])
            hl_print_wrapped(out, text);
    }
    hl_strpool_free(&set.hosts);
    hl_strpool_free(&set.jobs);
    hl_strpool_free(&set.programs);
    return rc;
}

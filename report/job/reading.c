#include "reading.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "job/html/html_parts.h"
#include "job/read/duplicates.h"
#include "job/read/walk.h"
#include "job/slurm/node_memory.h"
#include "job/slurm/slurm_facts.h"
#include "warn.h"

static int _out_of_memory(void)
{
    fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
    return 2;
}

/* The records to report: each process once, of the job --job names (a
 * job id that cli.c checked: digits and a few signs). Returns 0, or 2
 * when none is left or memory runs out (said on stderr). */
static int _select(const struct hl_options *opt, const char *name,
                   struct hl_procset *set)
{
    size_t left_out = 0;

    if (hl_drop_duplicates(set) < 0)
        return _out_of_memory();
    if (opt->job && set->count) {
        left_out = hl_keep_job(set, opt->job);
        if (set->count && left_out)
            hl_note("--job %s: %zu record%s of other runs left out", opt->job,
                    left_out, left_out == 1 ? "" : "s");
    }
    if (hl_procset_match_exits(set) < 0)
        return _out_of_memory();
    if (set->count == 0 && left_out)
        fprintf(stderr, "%s: no record of job %s (--job)\n", HL_PROGRAM,
                opt->job);
    else if (set->count == 0 && set->nunmeasured)
        fprintf(stderr,
                "%s: %s%sno record to report: %zu task%s unmeasured, with no "
                "record (a statically linked program not linked with "
                "heapline, or a setuid one)\n",
                HL_PROGRAM, name ? name : "", name ? ": " : "",
                set->nunmeasured, set->nunmeasured == 1 ? "" : "s");
    else if (set->count == 0)
        fprintf(stderr, "%s: %s%sno record to report\n", HL_PROGRAM,
                name ? name : "", name ? ": " : "");
    return set->count ? 0 : 2;
}

/* A series takes up to 256 points of 72 bytes: --all over a million
 * ranks keeps this many. */
#define _OWN_SHARED_SERIES 1000

/* What is kept while reading: the series and the band that outputs draw.
 * Returns 0, or -1 when memory runs out. */
static int _keep(const struct hl_options *opt, const struct hl_reading_want *w,
                 struct hl_procset *set)
{
    /* Only the CSV shows each process's allocations and such. */
    set->drop_counts = opt->format != HL_FORMAT_CSV || opt->compare;
    /* Only the series an output shows are kept: CSV lists every process.
     * The tables' own and shared memory come from the series of the rows
     * they list (shared_mem.h), up to _OWN_SHARED_SERIES of them (--all). */
    if (opt->timeline)
        set->timelines.keep =
            opt->format == HL_FORMAT_CSV ? SIZE_MAX : opt->top;
    else if (opt->format != HL_FORMAT_CSV)
        set->timelines.keep =
            opt->top < _OWN_SHARED_SERIES ? opt->top : _OWN_SHARED_SERIES;
    set->timelines.job = opt->job;
    if (!w->html)
        return 0;
    /* The page draws the top ranks and the band of all of them. */
    if (set->timelines.keep < HL_HTML_RANK_LINES)
        set->timelines.keep = HL_HTML_RANK_LINES;
    if (!(set->timelines.band = malloc(sizeof(*set->timelines.band))))
        return -1;
    hl_band_init(set->timelines.band);
    return 0;
}

/* sacct's and scontrol's answers, and for a request of 0 each node's
 * memory; then the request judged. */
static void _slurm(const struct hl_options *opt,
                   const struct hl_reading_want *w, char *const *paths,
                   int npaths, struct hl_reading *rd)
{
    struct hl_report *r = &rd->r;
    const char *job =
        opt->job ? opt->job : hl_runs_job(&rd->runs, &rd->set.jobs);
    bool ask = w->ask_slurm && !opt->no_sacct;
    int64_t deadline;

    r->req.cpus_per_rank = 1;
    if (opt->sacct)
        hl_sacct_given(opt->sacct, (unsigned)(opt->slurm_timeout_ms / 1000),
                       &r->sacct);
    if (r->sacct.state == HL_SACCT_LATER)
        hl_sacct_later(&r->sacct, paths, npaths);
    deadline = hl_now_ms() + opt->slurm_timeout_ms;
    if (job && ask)
        hl_ask_slurm(r, job, opt->slurm_timeout_ms);
    if (r->req.whole_node && ask)
        hl_ask_real_memory(&rd->sum, &rd->set, deadline);
    if (opt->cpus_per_task)
        r->req.cpus_per_rank = opt->cpus_per_task;
    hl_suggest(r);
}

int hl_read_report(const struct hl_options *opt, char *const *paths, int npaths,
                   const struct hl_reading_want *want, struct hl_reading *rd)
{
    struct hl_loader ld = {.set = &rd->set};
    struct hl_report *r = &rd->r;
    size_t ordered = want->ordered_ranks;
    int rc;

    memset(rd, 0, sizeof(*rd));
    if (_keep(opt, want, &rd->set) < 0)
        return _out_of_memory();
    if (want->html && ordered < HL_HTML_RANK_LINES)
        ordered = HL_HTML_RANK_LINES;
    for (int i = 0; i < npaths; i++)
        hl_load_path(&ld, paths[i]);
    rd->skipped = ld.skipped;
    hl_loader_free(&ld);
    hl_timelines_end_reading(&rd->set.timelines);
    if ((rc = _select(opt, want->name, &rd->set)) != 0)
        return rc;
    if (hl_aggregate_top(&rd->set, &rd->sum, ordered) < 0 ||
        hl_runs_find(&rd->set, &rd->runs) < 0)
        return _out_of_memory();
    r->set = &rd->set;
    r->sum = &rd->sum;
    r->runs = &rd->runs;
    r->top = opt->top;
    r->timeline = opt->timeline;
    r->margin_pct = opt->margin_pct;
    r->req = opt->req;
    r->paths = paths;
    r->npaths = npaths;
    _slurm(opt, want, paths, npaths, rd);
    switch (hl_callsites_view_init(&rd->callsites, r, opt->callsites)) {
    case -1:
        return _out_of_memory();
    case 1:
        rd->has_callsites = true;
        if (opt->callsites || opt->format == HL_FORMAT_FOLDED)
            r->callsites = &rd->callsites;
        break;
    default:
        break;
    }
    return 0;
}

void hl_reading_free(struct hl_reading *rd)
{
    hl_callsites_view_free(&rd->callsites);
    hl_runs_free(&rd->runs);
    hl_summary_free(&rd->sum);
    hl_procset_free(&rd->set);
}

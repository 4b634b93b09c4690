/* heapline-report: reads heapline records and reports what the job
 * needed, per rank and per node, against its request and sacct. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job/model/aggregate.h"
#include "cli.h"
#include "job/read/duplicates.h"
#include "job/slurm/node_memory.h"
#include "job/html/html_parts.h"
#include "report.h"
#include "job/slurm/run_cmd.h"
#include "job/read/runs.h"
#include "job/slurm/slurm_facts.h"
#include "job/read/walk.h"
#include "warn.h"

static int _print(const struct hl_options *opt, const struct hl_report *r)
{
    static char buf[1 << 16];

    setvbuf(stdout, buf, _IOFBF, sizeof(buf));
    switch (opt->format) {
    case HL_FORMAT_JSON:
        hl_print_json(stdout, r);
        return 0;
    case HL_FORMAT_CSV:
        return hl_print_csv(stdout, r);
    case HL_FORMAT_FOLDED:
        hl_callsites_print_folded(stdout, r->callsites);
        return 0;
    case HL_FORMAT_HTML:
        hl_print_html(stdout, r);
        return 0;
    default:
        return hl_print_text(stdout, r);
    }
}

/* The records to report: each process once, of the job --job names (a
 * job id that cli.c checked: digits and a few signs). Returns 0, or 2
 * when none is left or memory runs out (said on stderr). */
static int _select(const struct hl_options *opt, struct hl_procset *set)
{
    size_t left_out = 0;

    if (hl_drop_duplicates(set) < 0) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    if (opt->job && set->count) {
        left_out = hl_keep_job(set, opt->job);
        if (set->count && left_out)
            hl_note("--job %s: %zu record%s of other runs left out", opt->job,
                    left_out, left_out == 1 ? "" : "s");
    }
    if (hl_procset_match_exits(set) < 0) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    if (set->count == 0 && left_out)
        fprintf(stderr, "%s: no record of job %s (--job)\n", HL_PROGRAM,
                opt->job);
    else if (set->count == 0)
        fprintf(stderr, "%s: no record to report\n", HL_PROGRAM);
    return set->count ? 0 : 2;
}

/* The page to a file of its own, beside the chosen output: the SPANK
 * plugin writes report.txt and report.html from one reading. */
static int _write_html(const char *path, const struct hl_report *r)
{
    FILE *f = fopen(path, "w");

    if (f) {
        hl_print_html(f, r);
        if (!ferror(f) && fclose(f) == 0)
            return 0;
    }
    fprintf(stderr, "%s: %s: %s\n", HL_PROGRAM, path, strerror(errno));
    return -1;
}

int main(int argc, char **argv)
{
    struct hl_options opt;
    struct hl_procset set = {0};
    struct hl_loader ld = {.set = &set};
    struct hl_summary sum;
    struct hl_report r = {0};
    struct hl_runs runs;
    struct hl_callsites_view callsites;
    size_t ordered; /* the ranks that outputs show */
    const char *job;
    int64_t slurm_deadline;
    int status = hl_parse_cli(argc, argv, &opt);

    if (status >= 0)
        return status;
    /* Only the CSV shows each process's allocations and such. */
    set.drop_counts = opt.format != HL_FORMAT_CSV;
    /* Only the series an output shows are kept: CSV lists every process. */
    if (opt.timeline)
        set.timelines.keep = opt.format == HL_FORMAT_CSV ? SIZE_MAX : opt.top;
    set.timelines.job = opt.job;
    ordered = opt.top;
    /* The page draws the top ranks and the band of all of them. */
    if (opt.format == HL_FORMAT_HTML || opt.html) {
        if (ordered < HL_HTML_RANK_LINES)
            ordered = HL_HTML_RANK_LINES;
        if (set.timelines.keep < HL_HTML_RANK_LINES)
            set.timelines.keep = HL_HTML_RANK_LINES;
        set.timelines.band = malloc(sizeof(*set.timelines.band));
        if (!set.timelines.band) {
            fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
            return 2;
        }
        hl_band_init(set.timelines.band);
    }
    for (int i = 0; i < opt.npaths; i++)
        hl_load_path(&ld, opt.paths[i]);
    hl_loader_free(&ld);
    hl_timelines_end_reading(&set.timelines);
    if (_select(&opt, &set) != 0) {
        hl_procset_free(&set);
        return 2;
    }
    if (hl_aggregate_top(&set, &sum, ordered) < 0 ||
        hl_runs_find(&set, &runs) < 0) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    r.set = &set;
    r.sum = &sum;
    r.runs = &runs;
    r.top = opt.top;
    r.timeline = opt.timeline;
    r.margin_pct = opt.margin_pct;
    r.req = opt.req;
    job = opt.job ? opt.job : hl_runs_job(&runs, &set.jobs);
    r.req.cpus_per_rank = 1;
    if (opt.sacct)
        hl_sacct_given(opt.sacct, (unsigned)(opt.slurm_timeout_ms / 1000),
                       &r.sacct);
    if (r.sacct.state == HL_SACCT_LATER)
        hl_sacct_later(&r.sacct, opt.paths, opt.npaths);
    slurm_deadline = hl_now_ms() + opt.slurm_timeout_ms;
    if (job && !opt.no_sacct)
        hl_ask_slurm(&r, job, opt.slurm_timeout_ms);
    if (r.req.whole_node && !opt.no_sacct)
        hl_ask_real_memory(&sum, &set, slurm_deadline);
    if (opt.cpus_per_task)
        r.req.cpus_per_rank = opt.cpus_per_task;
    hl_suggest(&r);
    switch (hl_callsites_view_init(&callsites, &set, &sum, hl_shown_ranks(&r),
                                   opt.callsites)) {
    case -1:
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    case 1:
        if (opt.callsites || opt.format == HL_FORMAT_FOLDED)
            r.callsites = &callsites;
        break;
    default:
        if (opt.format == HL_FORMAT_FOLDED) {
            fprintf(stderr,
                    "%s: no record holds allocation sites (measure with "
                    "HEAPLINE_SITES=1 or heapline --sites)\n",
                    HL_PROGRAM);
            return 2;
        }
    }
    if (_print(&opt, &r) < 0) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror(HL_PROGRAM ": stdout");
        return 2;
    }
    if (opt.html && _write_html(opt.html, &r) < 0)
        return 2;
    hl_callsites_view_free(&callsites);
    hl_runs_free(&runs);
    hl_summary_free(&sum);
    hl_procset_free(&set);
    return ld.skipped ? 1 : 0;
}

/* The sentences the text and the HTML page both say (see site_out.h). */
#include <inttypes.h>
#include <stdio.h>

#include "site_figures.h"
#include "site_out.h"

void hl_site_say_period(const struct hl_site_view *v, char *buf)
{
    const struct hl_site_who *all = &v->agg->all;
    char since[32], until[32], jobs[24], steps[24];

    hl_site_fmt_distinct(&all->jobs, jobs);
    hl_site_fmt_distinct(&all->steps, steps);
    hl_site_fmt_when(v->opt->since, "the first line", since);
    hl_site_fmt_when(v->opt->until, "the last", until);
    snprintf(buf, HL_SITE_SENTENCE,
             "%" PRIu64 " lines (a step on a node each) of %s steps in %s "
             "jobs, from %" PRIu64 " files; %s to %s",
             all->lines, steps, jobs, v->reading->files, since, until);
}

void hl_site_say_memory(const struct hl_site_view *v, char *buf)
{
    const struct hl_site_who *all = &v->agg->all;
    char req[32], used[32], wasted[32];
    uint64_t pct = 0;

    hl_site_fmt_gibh(all->t.requested, req);
    hl_site_fmt_gibh(all->t.used, used);
    hl_site_fmt_gibh(all->t.wasted, wasted);
    hl_site_efficiency(&all->t, &pct);
    snprintf(buf, HL_SITE_SENTENCE,
             "Memory: %s GiB-hours requested, %s used (%" PRIu64
             "%%), %s wasted; OOM-killed steps: %s%" PRIu64,
             req, used, pct, wasted, v->agg->oom_over ? "at most " : "",
             all->oom_steps);
}

bool hl_site_say_partial(const struct hl_site_view *v, char *buf)
{
    char gibh[32];

    hl_site_fmt_gibh(v->missed, gibh);
    snprintf(buf, HL_SITE_SENTENCE,
             "* followed from a later line only (heapline-site follows "
             "%" PRIu32 " jobs at a time): its figures are of its lines "
             "since, and it may have wasted up to %s GiB-hours more.",
             v->agg->top.cap, gibh);
    return v->some_partial;
}

bool hl_site_say_left_out(const struct hl_site_view *v, char *buf)
{
    char gibh[32];

    hl_site_fmt_gibh(v->left_out, gibh);
    snprintf(buf, HL_SITE_SENTENCE,
             "Not sure to be the whole list: a job not listed may have "
             "wasted up to %s GiB-hours.",
             gibh);
    return !v->jobs_exact;
}

void hl_site_say_estimates(char *buf)
{
    snprintf(buf, HL_SITE_SENTENCE,
             "~ an estimate (HyperLogLog): within %d%% of the count, 997 "
             "times in 1,000.",
             HL_DISTINCT_ERROR_PCT);
}

bool hl_site_say_oom_over(const struct hl_site_view *v, char *buf)
{
    snprintf(buf, HL_SITE_SENTENCE,
             "OOM-killed steps: past %u of them, a step is counted at each "
             "of its nodes' lines.",
             HL_SITE_OOM_EXACT);
    return v->agg->oom_over;
}

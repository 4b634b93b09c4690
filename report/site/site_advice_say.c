/* The advice's sentences, which the text and the HTML page both say (see
 * site_out.h). */
#include <stdio.h>

#include "site_figures.h"
#include "site_out.h"

void hl_site_say_advice(const struct hl_site_view *v, char *buf)
{
    char cover[16];

    hl_site_fmt_cover(v->opt->cover, cover);
    snprintf(buf, HL_SITE_SENTENCE,
             "Advice from history: the --mem per node that would have "
             "covered %s of the steps measured, per user and job name "
             "(memory in GiB-hours)",
             cover);
}

void hl_site_say_advice_terms(char *buf)
{
    snprintf(buf, HL_SITE_SENTENCE,
             "steps: the steps measured, once per node they ran on, each "
             "needing its peak there (an OOM-killed one more than its "
             "limit). saved: the "
             "GiB-hours requested less those of the advice (below 0: it "
             "asks more).");
}

void hl_site_say_killed(char *buf)
{
    snprintf(buf, HL_SITE_SENTENCE,
             "killed: the steps whose need passed the advice, and the "
             "OOM-killed ones whose limit was the advice or more (one under "
             "it may have fitted or not). --mem=S (over L): the step at the "
             "share's rank was OOM-killed at L, its need is not known: S is "
             "the next size above L, and may not be enough.");
}

bool hl_site_say_names_partial(const struct hl_site_view *v, char *buf)
{
    snprintf(buf, HL_SITE_SENTENCE,
             "* followed from a later line only (heapline-site follows %u "
             "job names a user at a time): its advice is of its steps since.",
             HL_SITE_NAMES);
    return v->names_partial;
}

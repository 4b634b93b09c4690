/* The site report printed: text, JSON, CSV or HTML, from the sums of
 * site_agg.h; the writers print what was summed and decide nothing. */
#ifndef HEAPLINE_REPORT_SITE_OUT_H
#define HEAPLINE_REPORT_SITE_OUT_H

#include <stdio.h>

#include "site_agg.h"
#include "site_cli.h"
#include "site_read.h"

/* The share of a user's lines whose node use their typical --mem covers. */
#define HL_SITE_TYPICAL_PCT 90

/* What the writers need, ranked. */
struct hl_site_view {
    const struct hl_site_options *opt;
    const struct hl_site_agg *agg;
    const struct hl_site_reading *reading;
    uint32_t *users, *accounts; /* ids, most waste first */
    /* The jobs that wasted most, most first (their followed waste; ties to
     * the smaller id): the true list when jobs_exact, else no job left out
     * wasted more than left_out (byte-seconds). missed: the most any of
     * them not followed whole may have wasted before it was followed. */
    const struct hl_site_top_job **jobs;
    size_t njobs;
    bool jobs_exact, some_partial;
    double left_out, missed;
};

/* Ranks; -1 when memory runs out. */
int hl_site_view_init(struct hl_site_view *v, const struct hl_site_options *opt,
                      const struct hl_site_agg *agg,
                      const struct hl_site_reading *reading);
void hl_site_view_free(struct hl_site_view *v);

/* The sentences the text and the HTML page both say, each without a line
 * break: the period read, the memory in all; and the notes, each said
 * when it returns true: some listed jobs followed from a later line only,
 * the list not proved whole, what "~" means, OOM-killed steps past the
 * ones told apart. */
#define HL_SITE_SENTENCE 320
void hl_site_say_period(const struct hl_site_view *v, char *buf);
void hl_site_say_memory(const struct hl_site_view *v, char *buf);
bool hl_site_say_partial(const struct hl_site_view *v, char *buf);
bool hl_site_say_left_out(const struct hl_site_view *v, char *buf);
void hl_site_say_estimates(char *buf);
bool hl_site_say_oom_over(const struct hl_site_view *v, char *buf);

void hl_site_print_text(FILE *out, const struct hl_site_view *v);
void hl_site_print_json(FILE *out, const struct hl_site_view *v);
void hl_site_print_csv(FILE *out, const struct hl_site_view *v);
void hl_site_print_html(FILE *out, const struct hl_site_view *v);

#endif

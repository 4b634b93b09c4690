/* The site report printed: text, JSON, CSV, HTML or OpenMetrics, and the
 * users' notes, from the sums of site_agg.h; the writers print what was
 * summed and decide nothing. */
#ifndef HEAPLINE_REPORT_SITE_OUT_H
#define HEAPLINE_REPORT_SITE_OUT_H

#include <stdio.h>

#include "site_agg.h"
#include "site_cli.h"
#include "site_read.h"

/* A job name's advice. */
struct hl_site_named {
    const struct hl_site_name *name;
    struct hl_site_advice advice;
};

/* A user's advice, and their job names' that have one, most saved first
 * (ties to the name). */
struct hl_site_advised {
    struct hl_site_advice all;
    struct hl_site_named *names;
    uint32_t nnames;
};

/* What the writers need, ranked. */
struct hl_site_view {
    const struct hl_site_options *opt;
    const struct hl_site_agg *agg;
    const struct hl_site_reading *reading;
    uint32_t *users, *accounts, *partitions; /* ids, most waste first */
    struct hl_site_advised *advised;         /* by user id */
    bool names_partial; /* a job name shown was followed from a later line */
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

/* The advice of each user and job name (site_advised.c): 0, or -1 when
 * memory runs out. */
int hl_site_view_advise(struct hl_site_view *v);
void hl_site_view_advised_free(struct hl_site_view *v);

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

/* The advice's sentences (site_advice_say.c): its title, for the share;
 * what its steps and savings are; what "killed" counts; the job names
 * followed from a later line only, when some are shown (returns
 * whether). */
void hl_site_say_advice(const struct hl_site_view *v, char *buf);
void hl_site_say_advice_terms(char *buf);
void hl_site_say_killed(char *buf);
bool hl_site_say_names_partial(const struct hl_site_view *v, char *buf);

void hl_site_print_text(FILE *out, const struct hl_site_view *v);
void hl_site_print_json(FILE *out, const struct hl_site_view *v);
void hl_site_print_csv(FILE *out, const struct hl_site_view *v);
void hl_site_print_html(FILE *out, const struct hl_site_view *v);
void hl_site_print_openmetrics(FILE *out, const struct hl_site_view *v);

/* A note per user with advice, DIR/USER.txt in the folder dir, made now
 * (mode 0700; it must not exist). A user whose name cannot be a file's is
 * named on stderr and skipped. Returns 0, 1 when some were skipped, or 2
 * when the folder or a note cannot be written (said on stderr). */
int hl_site_write_notes(const char *dir, const struct hl_site_view *v);

#endif

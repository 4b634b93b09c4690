/* The site report as one CSV table: a row for the total, each user, each
 * account and each of the jobs that wasted most, whose steps and lines are
 * not counted; its last column names the row's figures that are estimates
 * (see doc/heapline-site.1). */
#include <inttypes.h>
#include <string.h>

#include "buf.h"
#include "csv_write.h"
#include "site_figures.h"
#include "site_out.h"

static const char _header[] =
    "kind,name,user,account,jobs,steps,lines,requested_gib_hours,"
    "used_gib_hours,wasted_gib_hours,efficiency_pct,oom_killed_steps,"
    "typical_need_bytes,estimated\n";

/* A job's figures that are of its followed lines only. */
static const char _partial[] = "requested_gib_hours used_gib_hours "
                               "wasted_gib_hours efficiency_pct "
                               "oom_killed_steps";

/* Names hold HL_SITE_MAX_TEXT bytes (site_check.c): quoted, twice that. */
static void _text(FILE *out, const char *s)
{
    char text[2 * HL_SITE_MAX_TEXT + 8];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    hl_csv_put_text(&b, s);
    fwrite(text, 1, b.overflow ? 0 : b.len, out);
    fputc(',', out);
}

static void _time(FILE *out, const struct hl_site_time *t)
{
    uint64_t pct;

    fprintf(out, "%.6f,%.6f,%.6f,", hl_site_gib_hours(t->requested),
            hl_site_gib_hours(t->used), hl_site_gib_hours(t->wasted));
    if (hl_site_efficiency(t, &pct))
        fprintf(out, "%" PRIu64, pct);
    fputc(',', out);
}

/* The names of w's estimated counts, space apart. */
static void _estimated(FILE *out, const struct hl_site_who *w, bool oom_over)
{
    const char *sep = "";

    if (!hl_distinct_exact(&w->jobs)) {
        fputs("jobs", out);
        sep = " ";
    }
    if (!hl_distinct_exact(&w->steps)) {
        fprintf(out, "%ssteps", sep);
        sep = " ";
    }
    if (oom_over)
        fprintf(out, "%soom_killed_steps", sep);
}

static void _row(FILE *out, const char *kind, const char *name,
                 const struct hl_site_who *w, uint64_t need, bool oom_over)
{
    fprintf(out, "%s,", kind);
    _text(out, name);
    _text(out, strcmp(kind, "user") == 0 ? name : "");
    _text(out, strcmp(kind, "account") == 0 ? name : "");
    fprintf(out, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",",
            hl_distinct_count(&w->jobs), hl_distinct_count(&w->steps),
            w->lines);
    _time(out, &w->t);
    fprintf(out, "%" PRIu64 ",", w->oom_steps);
    if (need)
        fprintf(out, "%" PRIu64, need);
    fputc(',', out);
    _estimated(out, w, oom_over);
    fputc('\n', out);
}

static void _job_row(FILE *out, const struct hl_site_view *v,
                     const struct hl_site_top_job *j)
{
    char id[24];

    snprintf(id, sizeof(id), "%" PRIu64, j->id);
    fputs("job,", out);
    _text(out, id);
    _text(out, hl_strpool_get(&v->agg->users.names, j->user));
    _text(out, hl_strpool_get(&v->agg->accounts.names, j->account));
    fputs("1,,,", out);
    _time(out, &j->t);
    fprintf(out, "%" PRIu32 ",,%s\n", j->oom_steps, j->whole ? "" : _partial);
}

void hl_site_print_csv(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *u = &v->agg->users, *a = &v->agg->accounts;
    bool over = v->agg->oom_over;

    fputs(_header, out);
    _row(out, "total", "", &v->agg->all, 0, over);
    for (uint32_t i = 0; i < u->names.count; i++) {
        const struct hl_site_who *w = &u->who[v->users[i]];

        _row(out, "user", hl_strpool_get(&u->names, v->users[i]), w,
             hl_site_typical(w, HL_SITE_TYPICAL_PCT), over);
    }
    for (uint32_t i = 0; i < a->names.count; i++)
        _row(out, "account", hl_strpool_get(&a->names, v->accounts[i]),
             &a->who[v->accounts[i]], 0, over);
    for (size_t i = 0; i < v->njobs; i++)
        _job_row(out, v, v->jobs[i]);
}

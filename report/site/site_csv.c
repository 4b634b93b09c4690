/* The site report as one CSV table: a row for the total, each user, each
 * of their job names with advice, each account, each partition and each
 * of the jobs that wasted most, whose steps and lines are not counted;
 * its last column names the row's figures that are estimates (see
 * doc/heapline-site.1). */
#include <inttypes.h>
#include <string.h>

#include "buf.h"
#include "csv_write.h"
#include "site_figures.h"
#include "site_out.h"

static const char _header[] =
    "kind,name,user,account,jobs,steps,lines,requested_gib_hours,"
    "used_gib_hours,wasted_gib_hours,efficiency_pct,oom_killed_steps,"
    "advice_mem_bytes,advice_steps,advice_killed_steps,"
    "advice_saved_gib_hours,estimated\n";

/* A job name's advice that is of its followed lines only. */
static const char _name_partial[] = "advice_mem_bytes advice_steps "
                                    "advice_killed_steps "
                                    "advice_saved_gib_hours";

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

/* The advice's columns, empty where there is none. */
static void _advice(FILE *out, const struct hl_site_advice *a)
{
    if (!a || !a->known) {
        fputs(",,,,", out);
        return;
    }
    fprintf(out, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.6f,", a->mem,
            a->measured, a->killed, hl_site_gib_hours(a->saved));
}

static void _row(FILE *out, const char *kind, const char *name,
                 const struct hl_site_who *w,
                 const struct hl_site_advice *advice, bool oom_over)
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
    _advice(out, advice);
    _estimated(out, w, oom_over);
    fputc('\n', out);
}

/* A job name of user: its advice and the GiB-hours its lines requested. */
static void _name_row(FILE *out, const char *user,
                      const struct hl_site_named *nm)
{
    fputs("job_name,", out);
    _text(out, nm->name->name);
    _text(out, user);
    fprintf(out, ",,,,%.6f,,,,,", hl_site_gib_hours(nm->name->needs.requested));
    _advice(out, &nm->advice);
    fprintf(out, "%s\n", nm->name->whole ? "" : _name_partial);
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
    fprintf(out, "%" PRIu32 ",,,,,%s\n", j->oom_steps,
            j->whole ? "" : _partial);
}

void hl_site_print_csv(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *u = &v->agg->users, *a = &v->agg->accounts,
                               *p = &v->agg->partitions;
    bool over = v->agg->oom_over;

    fputs(_header, out);
    _row(out, "total", "", &v->agg->all, NULL, over);
    for (uint32_t i = 0; i < u->names.count; i++) {
        const struct hl_site_advised *ad = &v->advised[v->users[i]];
        const char *user = hl_strpool_get(&u->names, v->users[i]);

        _row(out, "user", user, &u->who[v->users[i]], &ad->all, over);
        for (uint32_t k = 0; k < ad->nnames; k++)
            _name_row(out, user, &ad->names[k]);
    }
    for (uint32_t i = 0; i < a->names.count; i++)
        _row(out, "account", hl_strpool_get(&a->names, v->accounts[i]),
             &a->who[v->accounts[i]], NULL, over);
    for (uint32_t i = 0; i < p->names.count; i++)
        _row(out, "partition", hl_strpool_get(&p->names, v->partitions[i]),
             &p->who[v->partitions[i]], NULL, over);
    for (size_t i = 0; i < v->njobs; i++)
        _job_row(out, v, v->jobs[i]);
}

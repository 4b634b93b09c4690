/* The site report as one CSV table: a row for the total, each user, each
 * account and each of the jobs that wasted most, whose steps and lines are
 * not counted (see doc/heapline-site.1). */
#include <inttypes.h>

#include "buf.h"
#include "csv_write.h"
#include "site_figures.h"
#include "site_out.h"

static const char _header[] =
    "kind,name,user,account,jobs,steps,lines,requested_gib_hours,"
    "used_gib_hours,wasted_gib_hours,efficiency_pct,oom_killed_steps,"
    "typical_need_bytes\n";

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

static void _row(FILE *out, const char *kind, const char *name,
                 const char *user, const char *account,
                 const struct hl_site_who *w, uint64_t need)
{
    fprintf(out, "%s,", kind);
    _text(out, name);
    _text(out, user);
    _text(out, account);
    if (w->lines)
        fprintf(out, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",", w->jobs, w->steps,
                w->lines);
    else
        fprintf(out, "%" PRIu64 ",,,", w->jobs);
    _time(out, &w->t);
    fprintf(out, "%" PRIu64 ",", w->oom_steps);
    if (need)
        fprintf(out, "%" PRIu64, need);
    fputc('\n', out);
}

void hl_site_print_csv(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *u = &v->agg->users, *a = &v->agg->accounts;

    fputs(_header, out);
    _row(out, "total", "", "", "", &v->agg->all, 0);
    for (uint32_t i = 0; i < u->names.count; i++) {
        const char *name = hl_strpool_get(&u->names, v->users[i]);
        const struct hl_site_who *w = &u->who[v->users[i]];

        _row(out, "user", name, name, "", w,
             hl_site_typical(w, HL_SITE_TYPICAL_PCT));
    }
    for (uint32_t i = 0; i < a->names.count; i++) {
        const char *name = hl_strpool_get(&a->names, v->accounts[i]);

        _row(out, "account", name, "", name, &a->who[v->accounts[i]], 0);
    }
    for (size_t i = 0; i < v->njobs; i++) {
        const struct hl_site_ranked_job *j = &v->jobs[i];
        struct hl_site_who w = {
            .jobs = 1, .oom_steps = j->job.oom_steps, .t = j->job.t};
        char id[24];

        snprintf(id, sizeof(id), "%" PRIu64, j->id);
        _row(out, "job", id, hl_strpool_get(&u->names, j->job.user),
             hl_strpool_get(&a->names, j->job.account), &w, 0);
    }
}

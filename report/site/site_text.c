/* The site report for people (see site_out.h). */
#include <inttypes.h>

#include "site_figures.h"
#include "site_out.h"
#include "shared/escape.h"
#include "shared/text_table.h"

/* A name from the lines (a user's, an account's, a partition's, a job's)
 * as a cell, escaped as `ls -b` does (escape.h): a name may hold a
 * newline, which would break the table, or an escape sequence for the
 * reader's terminal. A name holds HL_SITE_MAX_TEXT bytes at most, each
 * four escaped. */
static void _name(struct hl_table *tb, const char *name, const char *mark)
{
    char escaped[4 * HL_SITE_MAX_TEXT + 1];

    hl_escape(name, escaped, sizeof(escaped));
    hl_table_cell(tb, "%s%s", escaped, mark);
}

/* "jobs (steps)"; whether either is an estimate. */
static bool _counts(struct hl_table *tb, const struct hl_site_who *w)
{
    char jobs[24], steps[24];
    bool estimate = hl_site_fmt_distinct(&w->jobs, jobs);

    estimate |= hl_site_fmt_distinct(&w->steps, steps);
    hl_table_cell(tb, "%s (%s)", jobs, steps);
    return estimate;
}

/* The columns shared by users, accounts and the total; whether a count
 * is an estimate. */
static bool _figures(struct hl_table *tb, const struct hl_site_who *w)
{
    char req[32], used[32], wasted[32];
    bool estimate = _counts(tb, w);
    uint64_t pct;

    hl_site_fmt_gibh(w->t.requested, req);
    hl_site_fmt_gibh(w->t.used, used);
    hl_site_fmt_gibh(w->t.wasted, wasted);
    hl_table_cell(tb, "%s", req);
    hl_table_cell(tb, "%s", used);
    if (hl_site_efficiency(&w->t, &pct))
        hl_table_cell(tb, "%" PRIu64 "%%", pct);
    else
        hl_table_cell(tb, "-");
    hl_table_cell(tb, "%s", wasted);
    hl_table_cell(tb, "%" PRIu64, w->oom_steps);
    return estimate;
}

static void _heads(struct hl_table *tb, const char *first)
{
    hl_table_cell(tb, "%s", first);
    hl_table_cell(tb, "jobs (steps)");
    hl_table_cell(tb, "requested");
    hl_table_cell(tb, "used");
    hl_table_cell(tb, "efficiency");
    hl_table_cell(tb, "wasted");
    hl_table_cell(tb, "OOM-killed");
}

static bool _users(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->users;
    struct hl_table tb;
    bool estimate = false;

    fprintf(out, "\nPer user, most waste first (memory in GiB-hours):\n");
    hl_table_init(&tb, 7);
    _heads(&tb, "user");
    for (uint32_t i = 0; i < g->names.count; i++) {
        _name(&tb, hl_strpool_get(&g->names, v->users[i]), "");
        estimate |= _figures(&tb, &g->who[v->users[i]]);
    }
    hl_table_print(&tb, out);
    return estimate;
}

/* Accounts, or partitions: the named only, where none is "(none)". */
static bool _group(FILE *out, const struct hl_site_group *g,
                   const uint32_t *order, const char *title, const char *head)
{
    struct hl_table tb;
    bool estimate = false;

    if (!g->names.count)
        return false;
    fprintf(out, "\n%s:\n", title);
    hl_table_init(&tb, 7);
    _heads(&tb, head);
    for (uint32_t i = 0; i < g->names.count; i++) {
        const char *name = hl_strpool_get(&g->names, order[i]);

        if (name[0])
            _name(&tb, name, "");
        else
            hl_table_cell(&tb, "(none)");
        estimate |= _figures(&tb, &g->who[order[i]]);
    }
    hl_table_print(&tb, out);
    return estimate;
}

static void _advice_row(struct hl_table *tb, const char *user, const char *name,
                        bool whole, const struct hl_site_advice *a)
{
    char mem[80], saved[32];

    hl_site_fmt_advice(a, mem);
    hl_site_fmt_gibh(a->saved, saved);
    _name(tb, user, "");
    _name(tb, name, whole ? "" : "*");
    hl_table_cell(tb, "%" PRIu64, a->measured);
    hl_table_cell(tb, "%s", mem);
    hl_table_cell(tb, "%s", a->known ? saved : "-");
    hl_table_cell(tb, "%" PRIu64, a->killed);
}

/* Each user with advice, then their job names. */
static void _advice(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->users;
    char line[HL_SITE_SENTENCE];
    struct hl_table tb;
    uint32_t i = 0;

    while (i < g->names.count && !v->advised[i].all.known)
        i++;
    if (i == g->names.count)
        return;
    hl_site_say_advice(v, line);
    fprintf(out, "\n%s:\n", line);
    hl_table_init(&tb, 6);
    hl_table_cell(&tb, "user");
    hl_table_cell(&tb, "job name");
    hl_table_cell(&tb, "steps");
    hl_table_cell(&tb, "advice");
    hl_table_cell(&tb, "saved");
    hl_table_cell(&tb, "killed");
    for (i = 0; i < g->names.count; i++) {
        const struct hl_site_advised *ad = &v->advised[v->users[i]];
        const char *user = hl_strpool_get(&g->names, v->users[i]);

        if (!ad->all.known)
            continue;
        _advice_row(&tb, user, "(all)", true, &ad->all);
        for (uint32_t k = 0; k < ad->nnames; k++)
            _advice_row(&tb, user, ad->names[k].name->name,
                        ad->names[k].name->whole, &ad->names[k].advice);
    }
    hl_table_print(&tb, out);
    hl_site_say_advice_terms(line);
    fprintf(out, "%s\n", line);
    hl_site_say_killed(line);
    fprintf(out, "%s\n", line);
    if (hl_site_say_names_partial(v, line))
        fprintf(out, "%s\n", line);
}

/* What the list of jobs may miss, when it may. */
static void _jobs_notes(FILE *out, const struct hl_site_view *v)
{
    char note[HL_SITE_SENTENCE];

    if (hl_site_say_partial(v, note))
        fprintf(out, "%s\n", note);
    if (hl_site_say_left_out(v, note))
        fprintf(out, "%s\n", note);
}

static void _jobs(FILE *out, const struct hl_site_view *v)
{
    struct hl_table tb;
    char req[32], used[32], wasted[32];
    uint64_t pct;

    if (!v->njobs)
        return;
    fprintf(out, "\nThe jobs that wasted most:\n");
    hl_table_init(&tb, 7);
    hl_table_cell(&tb, "job");
    hl_table_cell(&tb, "user");
    hl_table_cell(&tb, "account");
    hl_table_cell(&tb, "requested");
    hl_table_cell(&tb, "used");
    hl_table_cell(&tb, "wasted");
    hl_table_cell(&tb, "OOM-killed");
    for (size_t i = 0; i < v->njobs; i++) {
        const struct hl_site_top_job *j = v->jobs[i];

        hl_site_fmt_gibh(j->t.requested, req);
        hl_site_fmt_gibh(j->t.used, used);
        hl_site_fmt_gibh(j->t.wasted, wasted);
        hl_table_cell(&tb, "%" PRIu64 "%s", j->id, j->whole ? "" : "*");
        _name(&tb, hl_strpool_get(&v->agg->users.names, j->user), "");
        _name(&tb, hl_strpool_get(&v->agg->accounts.names, j->account), "");
        hl_table_cell(&tb, "%s", req);
        if (hl_site_efficiency(&j->t, &pct))
            hl_table_cell(&tb, "%s (%" PRIu64 "%%)", used, pct);
        else
            hl_table_cell(&tb, "%s", used);
        hl_table_cell(&tb, "%s", wasted);
        hl_table_cell(&tb, "%" PRIu32, j->oom_steps);
    }
    hl_table_print(&tb, out);
    _jobs_notes(out, v);
}

void hl_site_print_text(FILE *out, const struct hl_site_view *v)
{
    char line[HL_SITE_SENTENCE];
    bool estimate = !hl_distinct_exact(&v->agg->all.jobs) ||
                    !hl_distinct_exact(&v->agg->all.steps);

    hl_site_say_period(v, line);
    fprintf(out, "heapline-site: %s\n", line);
    hl_site_say_memory(v, line);
    fprintf(out, "%s\n", line);
    estimate |= _users(out, v);
    estimate |=
        _group(out, &v->agg->accounts, v->accounts, "Per account", "account");
    estimate |= _group(out, &v->agg->partitions, v->partitions, "Per partition",
                       "partition");
    _advice(out, v);
    _jobs(out, v);
    hl_site_say_estimates(line);
    if (estimate)
        fprintf(out, "\n%s\n", line);
    if (hl_site_say_oom_over(v, line))
        fprintf(out, "%s\n", line);
}

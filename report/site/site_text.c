/* The site report for people (see site_out.h). */
#include <inttypes.h>

#include "site_figures.h"
#include "site_out.h"
#include "shared/slurm_size.h"
#include "shared/text_table.h"

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
    char mem[32];

    fprintf(out, "\nPer user, most waste first (memory in GiB-hours):\n");
    hl_table_init(&tb, 8);
    _heads(&tb, "user");
    hl_table_cell(&tb, "typical need");
    for (uint32_t i = 0; i < g->names.count; i++) {
        const struct hl_site_who *w = &g->who[v->users[i]];
        uint64_t need = hl_site_typical(w, HL_SITE_TYPICAL_PCT);

        hl_table_cell(&tb, "%s", hl_strpool_get(&g->names, v->users[i]));
        estimate |= _figures(&tb, w);
        if (need) {
            uint64_t step;

            hl_slurm_size_round_up(need, mem, &step);
            hl_table_cell(&tb, "--mem=%s", mem);
        } else {
            hl_table_cell(&tb, "-");
        }
    }
    hl_table_print(&tb, out);
    return estimate;
}

static bool _accounts(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->accounts;
    struct hl_table tb;
    bool estimate = false;

    fprintf(out, "\nPer account:\n");
    hl_table_init(&tb, 7);
    _heads(&tb, "account");
    for (uint32_t i = 0; i < g->names.count; i++) {
        const char *name = hl_strpool_get(&g->names, v->accounts[i]);

        hl_table_cell(&tb, "%s", name[0] ? name : "(none)");
        estimate |= _figures(&tb, &g->who[v->accounts[i]]);
    }
    hl_table_print(&tb, out);
    return estimate;
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
        hl_table_cell(&tb, "%s", hl_strpool_get(&v->agg->users.names, j->user));
        hl_table_cell(&tb, "%s",
                      hl_strpool_get(&v->agg->accounts.names, j->account));
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
    estimate |= _accounts(out, v);
    _jobs(out, v);
    hl_site_say_estimates(line);
    if (estimate)
        fprintf(out, "\n%s\n", line);
    if (hl_site_say_oom_over(v, line))
        fprintf(out, "%s\n", line);
}

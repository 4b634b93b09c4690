/* The site report for people (see site_out.h). */
#include <inttypes.h>
#include <time.h>

#include "site_figures.h"
#include "site_out.h"
#include "slurm_size.h"
#include "text_table.h"

static void _when(char *buf, size_t size, int64_t t, const char *open)
{
    time_t tt = (time_t)t;
    struct tm tm;

    if (t == INT64_MIN || t == INT64_MAX || !gmtime_r(&tt, &tm))
        snprintf(buf, size, "%s", open);
    else
        strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The columns shared by users, accounts and the total. */
static void _figures(struct hl_table *tb, const struct hl_site_who *w)
{
    char req[32], used[32], wasted[32];
    uint64_t pct;

    hl_site_fmt_gibh(w->t.requested, req);
    hl_site_fmt_gibh(w->t.used, used);
    hl_site_fmt_gibh(w->t.wasted, wasted);
    hl_table_cell(tb, "%" PRIu64 " (%" PRIu64 ")", w->jobs, w->steps);
    hl_table_cell(tb, "%s", req);
    hl_table_cell(tb, "%s", used);
    if (hl_site_efficiency(&w->t, &pct))
        hl_table_cell(tb, "%" PRIu64 "%%", pct);
    else
        hl_table_cell(tb, "-");
    hl_table_cell(tb, "%s", wasted);
    hl_table_cell(tb, "%" PRIu64, w->oom_steps);
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

static void _users(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->users;
    struct hl_table tb;
    char mem[32];

    fprintf(out, "\nPer user, most waste first (memory in GiB-hours):\n");
    hl_table_init(&tb, 8);
    _heads(&tb, "user");
    hl_table_cell(&tb, "typical need");
    for (uint32_t i = 0; i < g->names.count; i++) {
        const struct hl_site_who *w = &g->who[v->users[i]];
        uint64_t need = hl_site_typical(w, HL_SITE_TYPICAL_PCT);

        hl_table_cell(&tb, "%s", hl_strpool_get(&g->names, v->users[i]));
        _figures(&tb, w);
        if (need) {
            uint64_t step;

            hl_slurm_size_round_up(need, mem, &step);
            hl_table_cell(&tb, "--mem=%s", mem);
        } else {
            hl_table_cell(&tb, "-");
        }
    }
    hl_table_print(&tb, out);
}

static void _accounts(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->accounts;
    struct hl_table tb;

    fprintf(out, "\nPer account:\n");
    hl_table_init(&tb, 7);
    _heads(&tb, "account");
    for (uint32_t i = 0; i < g->names.count; i++) {
        const char *name = hl_strpool_get(&g->names, v->accounts[i]);

        hl_table_cell(&tb, "%s", name[0] ? name : "(none)");
        _figures(&tb, &g->who[v->accounts[i]]);
    }
    hl_table_print(&tb, out);
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
        const struct hl_site_ranked_job *j = &v->jobs[i];

        hl_site_fmt_gibh(j->job.t.requested, req);
        hl_site_fmt_gibh(j->job.t.used, used);
        hl_site_fmt_gibh(j->job.t.wasted, wasted);
        hl_table_cell(&tb, "%" PRIu64, j->id);
        hl_table_cell(&tb, "%s",
                      hl_strpool_get(&v->agg->users.names, j->job.user));
        hl_table_cell(&tb, "%s",
                      hl_strpool_get(&v->agg->accounts.names, j->job.account));
        hl_table_cell(&tb, "%s", req);
        if (hl_site_efficiency(&j->job.t, &pct))
            hl_table_cell(&tb, "%s (%" PRIu64 "%%)", used, pct);
        else
            hl_table_cell(&tb, "%s", used);
        hl_table_cell(&tb, "%s", wasted);
        hl_table_cell(&tb, "%" PRIu32, j->job.oom_steps);
    }
    hl_table_print(&tb, out);
}

void hl_site_print_text(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_who *all = &v->agg->all;
    char since[32], until[32], req[32], used[32], wasted[32];
    uint64_t pct = 0;

    _when(since, sizeof(since), v->opt->since, "the first line");
    _when(until, sizeof(until), v->opt->until, "the last");
    fprintf(out,
            "heapline-site: %" PRIu64
            " lines (a step on a node each) of %" PRIu64 " steps in %" PRIu64
            " jobs, from %" PRIu64 " files; %s to %s\n",
            all->lines, all->steps, all->jobs, v->reading->files, since, until);
    hl_site_fmt_gibh(all->t.requested, req);
    hl_site_fmt_gibh(all->t.used, used);
    hl_site_fmt_gibh(all->t.wasted, wasted);
    hl_site_efficiency(&all->t, &pct);
    fprintf(out,
            "Memory: %s GiB-hours requested, %s used (%" PRIu64
            "%%), %s wasted; OOM-killed steps: %" PRIu64 "\n",
            req, used, pct, wasted, all->oom_steps);
    _users(out, v);
    _accounts(out, v);
    _jobs(out, v);
}

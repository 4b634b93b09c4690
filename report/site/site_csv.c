/* The site report as one CSV table: a row for the total, each user, each
 * of their job names with advice, each account, each partition and each
 * of the jobs that wasted most, whose steps and lines are not counted;
 * its last column names the row's figures that are estimates (see
 * doc/heapline-site.1). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "format_write.h"
#include "shared/fixed_of.h"
#include "site_figures.h"
#include "site_out.h"

#define _COLUMNS(X)                                                            \
    X(kind, "kind", TEXT, 0,                                                   \
      "total, user, job_name, account, partition or job")                      \
    X(name, "name", TEXT, 0,                                                   \
      "the user, job name, account, partition or job; empty for the total")    \
    X(user, "user", TEXT, 0, "the user of a user's, job name's or job's row")  \
    X(account, "account", TEXT, 0, "the account of an account's or a job's")   \
    X(jobs, "jobs", COUNT, HL_COL_EMPTY,                                       \
      "distinct jobs; 1 for a job; empty for a job name")                      \
    X(steps, "steps", COUNT, HL_COL_EMPTY, "distinct steps; empty for a job")  \
    X(lines, "lines", COUNT, HL_COL_EMPTY, "summary lines; empty for a job")   \
    X(requested, "requested_gib_hours", MICRO, 0,                              \
      "memory requested times elapsed time")                                   \
    X(used, "used_gib_hours", MICRO, HL_COL_EMPTY,                             \
      "memory used times elapsed time")                                        \
    X(wasted, "wasted_gib_hours", MICRO, HL_COL_EMPTY,                         \
      "requested and not used")                                                \
    X(efficiency, "efficiency_pct", COUNT, HL_COL_EMPTY,                       \
      "used over requested, whole percent; empty when nothing was requested")  \
    X(oom_steps, "oom_killed_steps", COUNT, HL_COL_EMPTY,                      \
      "steps the OOM killer ended")                                            \
    X(advice_mem, "advice_mem_bytes", COUNT, HL_COL_EMPTY,                     \
      "the --mem per node that covers --cover of the steps' needs")            \
    X(advice_steps, "advice_steps", COUNT, HL_COL_EMPTY,                       \
      "the steps the advice is drawn from")                                    \
    X(advice_killed, "advice_killed_steps", COUNT, HL_COL_EMPTY,               \
      "of them, those the advice would have killed")                           \
    X(advice_saved, "advice_saved_gib_hours", MICRO, HL_COL_EMPTY,             \
      "what the advice would have saved")                                      \
    X(advice_over, "advice_over_oom_limit_bytes", COUNT, HL_COL_EMPTY,         \
      "the limit of the step OOM-killed at the share's rank; empty for none")  \
    X(estimated, "estimated", TEXT, 0,                                         \
      "the names of the row's figures that are estimates, space apart")

#define _ENUM(member, ...) _COL_##member,
HL_FORMAT_TYPES(_csv_row, _COLUMNS, _ENUM, _NCOLUMNS);
#define _DESC(...) HL_COLUMN_DESC(struct _csv_row, __VA_ARGS__)
static const struct hl_column _columns[] = {_COLUMNS(_DESC)};
static const struct hl_format _table = {NULL, 0, "site CSV", _columns,
                                        _NCOLUMNS};

/* A job's figures that are of its followed lines only. */
static const uint64_t _partial =
    HL_EMPTY(_COL_requested) | HL_EMPTY(_COL_used) | HL_EMPTY(_COL_wasted) |
    HL_EMPTY(_COL_efficiency) | HL_EMPTY(_COL_oom_steps);

/* The advice's columns, empty where there is none. */
static const uint64_t _no_advice =
    HL_EMPTY(_COL_advice_mem) | HL_EMPTY(_COL_advice_steps) |
    HL_EMPTY(_COL_advice_killed) | HL_EMPTY(_COL_advice_saved) |
    HL_EMPTY(_COL_advice_over);

/* Room for a row: its three names hold HL_SITE_MAX_TEXT bytes each
 * (site_check.c), quoted, twice that; the estimated column, every name. */
#define _ROW_BYTES (3 * (2 * HL_SITE_MAX_TEXT + 2) + 1024)

/* The names of the columns in mask, space apart, into buf[0..size). */
static const char *_names(uint64_t mask, char *buf, size_t size)
{
    struct hl_buf b;

    hl_buf_init(&b, buf, size);
    for (unsigned c = 0; c < _NCOLUMNS; c++)
        if (mask & HL_EMPTY(c)) {
            if (b.len)
                hl_buf_char(&b, ' ');
            hl_buf_str(&b, _columns[c].name);
        }
    return buf;
}

static void _time(struct _csv_row *row, const struct hl_site_time *t)
{
    uint64_t pct;

    row->requested = hl_fixed_of(hl_site_gib_hours(t->requested), 6);
    row->used = hl_fixed_of(hl_site_gib_hours(t->used), 6);
    row->wasted = hl_fixed_of(hl_site_gib_hours(t->wasted), 6);
    if (hl_site_efficiency(t, &pct))
        row->efficiency = pct;
    else
        row->empty |= HL_EMPTY(_COL_efficiency);
}

static void _print(FILE *out, const struct _csv_row *row)
{
    char text[_ROW_BYTES];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    hl_format_write_values(&b, &_table, row, 0);
    hl_buf_char(&b, '\n');
    fwrite(text, 1, b.len, out);
}

static void _advice(struct _csv_row *row, const struct hl_site_advice *a)
{
    if (!a || !a->known) {
        row->empty |= _no_advice;
        return;
    }
    row->advice_mem = a->mem;
    row->advice_steps = a->measured;
    row->advice_killed = a->killed;
    row->advice_saved = hl_fixed_of(hl_site_gib_hours(a->saved), 6);
    if (a->over)
        row->advice_over = a->limit;
    else
        row->empty |= HL_EMPTY(_COL_advice_over);
}

/* The row of a total, user, account or partition, w's sums; advice: a
 * user's, NULL for none. */
static void _row(FILE *out, const char *kind, const char *name,
                 const struct hl_site_who *w,
                 const struct hl_site_advice *advice, bool oom_over)
{
    uint64_t estimated =
        (hl_distinct_exact(&w->jobs) ? 0 : HL_EMPTY(_COL_jobs)) |
        (hl_distinct_exact(&w->steps) ? 0 : HL_EMPTY(_COL_steps)) |
        (oom_over ? HL_EMPTY(_COL_oom_steps) : 0);
    char names[256];
    struct _csv_row row = {
        .kind = kind,
        .name = name,
        .user = strcmp(kind, "user") == 0 ? name : "",
        .account = strcmp(kind, "account") == 0 ? name : "",
        .jobs = hl_distinct_count(&w->jobs),
        .steps = hl_distinct_count(&w->steps),
        .lines = w->lines,
        .oom_steps = w->oom_steps,
        .estimated = _names(estimated, names, sizeof(names)),
    };

    _time(&row, &w->t);
    _advice(&row, advice);
    _print(out, &row);
}

/* A job name of user: its advice and the GiB-hours its lines requested. */
static void _name_row(FILE *out, const char *user,
                      const struct hl_site_named *nm)
{
    char names[256];
    struct _csv_row row = {
        .empty = HL_EMPTY(_COL_jobs) | HL_EMPTY(_COL_steps) |
                 HL_EMPTY(_COL_lines) | HL_EMPTY(_COL_used) |
                 HL_EMPTY(_COL_wasted) | HL_EMPTY(_COL_efficiency) |
                 HL_EMPTY(_COL_oom_steps),
        .kind = "job_name",
        .name = nm->name->name,
        .user = user,
        .account = "",
        .requested =
            hl_fixed_of(hl_site_gib_hours(nm->name->needs.requested), 6),
        .estimated =
            _names(nm->name->whole ? 0 : _no_advice, names, sizeof(names)),
    };

    _advice(&row, &nm->advice);
    _print(out, &row);
}

static void _job_row(FILE *out, const struct hl_site_view *v,
                     const struct hl_site_top_job *j)
{
    char id[24], names[256];
    struct _csv_row row = {
        .empty = HL_EMPTY(_COL_steps) | HL_EMPTY(_COL_lines) | _no_advice,
        .kind = "job",
        .name = id,
        .user = hl_strpool_get(&v->agg->users.names, j->user),
        .account = hl_strpool_get(&v->agg->accounts.names, j->account),
        .jobs = 1,
        .oom_steps = j->oom_steps,
        .estimated = _names(j->whole ? 0 : _partial, names, sizeof(names)),
    };

    snprintf(id, sizeof(id), "%" PRIu64, j->id);
    _time(&row, &j->t);
    _print(out, &row);
}

void hl_site_print_csv(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *u = &v->agg->users, *a = &v->agg->accounts,
                               *p = &v->agg->partitions;
    bool over = v->agg->oom_over;
    char names[1024];
    struct hl_buf b;

    hl_buf_init(&b, names, sizeof(names));
    hl_format_write_names(&b, &_table, 0);
    hl_buf_char(&b, '\n');
    fwrite(names, 1, b.len, out);
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

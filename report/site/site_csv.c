/* The site report as one CSV table: a row for the total, each user, each
 * account and each of the jobs that wasted most, whose steps and lines are
 * not counted; its last column names the row's figures that are estimates
 * (see doc/heapline-site.1). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "format_write.h"
#include "shared/fixed_of.h"
#include "site_figures.h"
#include "site_out.h"

#define _COLUMNS(X)                                                            \
    X(kind, "kind", TEXT, 0, "total, user, account or job")                    \
    X(name, "name", TEXT, 0, "the user, account or job; empty for the total")  \
    X(user, "user", TEXT, 0, "the user of a user's or a job's row")            \
    X(account, "account", TEXT, 0, "the account of an account's or a job's")   \
    X(jobs, "jobs", COUNT, 0, "distinct jobs; 1 for a job")                    \
    X(steps, "steps", COUNT, HL_COL_EMPTY, "distinct steps; empty for a job")  \
    X(lines, "lines", COUNT, HL_COL_EMPTY, "summary lines; empty for a job")   \
    X(requested, "requested_gib_hours", MICRO, 0,                              \
      "memory requested times elapsed time")                                   \
    X(used, "used_gib_hours", MICRO, 0, "memory used times elapsed time")      \
    X(wasted, "wasted_gib_hours", MICRO, 0, "requested and not used")          \
    X(efficiency, "efficiency_pct", COUNT, HL_COL_EMPTY,                       \
      "used over requested, whole percent; empty when nothing was requested")  \
    X(oom_steps, "oom_killed_steps", COUNT, 0, "steps the OOM killer ended")   \
    X(typical_need, "typical_need_bytes", COUNT, HL_COL_EMPTY,                 \
      "the --mem that 90% of a user's step-nodes needed; empty but for users") \
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

/* The row of a total, user or account, w's sums; need: a user's typical
 * need, 0 for none. */
static void _row(FILE *out, const char *kind, const char *name,
                 const struct hl_site_who *w, uint64_t need, bool oom_over)
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
        .typical_need = need,
        .estimated = _names(estimated, names, sizeof(names)),
    };

    _time(&row, &w->t);
    if (!need)
        row.empty |= HL_EMPTY(_COL_typical_need);
    _print(out, &row);
}

static void _job_row(FILE *out, const struct hl_site_view *v,
                     const struct hl_site_top_job *j)
{
    char id[24], names[256];
    struct _csv_row row = {
        .empty = HL_EMPTY(_COL_steps) | HL_EMPTY(_COL_lines) |
                 HL_EMPTY(_COL_typical_need),
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
    const struct hl_site_group *u = &v->agg->users, *a = &v->agg->accounts;
    bool over = v->agg->oom_over;
    char names[1024];
    struct hl_buf b;

    hl_buf_init(&b, names, sizeof(names));
    hl_format_write_names(&b, &_table, 0);
    hl_buf_char(&b, '\n');
    fwrite(names, 1, b.len, out);
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

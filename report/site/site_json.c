/* The site report as one JSON object (see site_out.h, doc/heapline-site.1). */
#include <inttypes.h>
#include <math.h>

#include "shared/json_str.h"
#include "site_figures.h"
#include "site_out.h"

static void _time_or_null(FILE *out, int64_t t)
{
    if (t == INT64_MIN || t == INT64_MAX)
        fputs("null", out);
    else
        fprintf(out, "%" PRId64, t);
}

static void _gibh(FILE *out, const char *key, double byte_seconds)
{
    fprintf(out, ",\"%s\":%.6f", key, hl_site_gib_hours(byte_seconds));
}

static void _time(FILE *out, const struct hl_site_time *t)
{
    uint64_t pct;

    _gibh(out, "requested_gib_hours", t->requested);
    _gibh(out, "used_gib_hours", t->used);
    _gibh(out, "wasted_gib_hours", t->wasted);
    if (hl_site_efficiency(t, &pct))
        fprintf(out, ",\"efficiency_pct\":%" PRIu64, pct);
    else
        fputs(",\"efficiency_pct\":null", out);
}

static const char *_bool(bool b)
{
    return b ? "true" : "false";
}

static void _who(FILE *out, const struct hl_site_who *w)
{
    fprintf(out,
            "\"jobs\":%" PRIu64 ",\"jobs_exact\":%s,\"steps\":%" PRIu64
            ",\"steps_exact\":%s,\"lines\":%" PRIu64
            ",\"oom_killed_steps\":%" PRIu64,
            hl_distinct_count(&w->jobs), _bool(hl_distinct_exact(&w->jobs)),
            hl_distinct_count(&w->steps), _bool(hl_distinct_exact(&w->steps)),
            w->lines, w->oom_steps);
    _time(out, &w->t);
}

static void _advice(FILE *out, const char *key, const struct hl_site_advice *a)
{
    fprintf(out, ",\"%s\":", key);
    if (!a->known) {
        fputs("null", out);
        return;
    }
    fprintf(out,
            "{\"mem_bytes\":%" PRIu64 ",\"steps\":%" PRIu64
            ",\"covered_steps\":%" PRIu64 ",\"killed_steps\":%" PRIu64
            ",\"oom_killed_unknown_steps\":%" PRIu64,
            a->mem, a->measured, a->covered, a->killed, a->oom_unknown);
    if (a->over)
        fprintf(out, ",\"over_oom_limit_bytes\":%" PRIu64, a->limit);
    else
        fputs(",\"over_oom_limit_bytes\":null", out);
    _gibh(out, "saved_gib_hours", a->saved);
    fputc('}', out);
}

/* A user's job names with advice, most saved first. */
static void _names(FILE *out, const struct hl_site_advised *ad)
{
    fputs(",\"job_names\":[", out);
    for (uint32_t k = 0; k < ad->nnames; k++) {
        const struct hl_site_named *nm = &ad->names[k];

        fputs(k ? ",{\"job_name\":" : "{\"job_name\":", out);
        hl_json_str(out, nm->name->name);
        fprintf(out, ",\"whole\":%s", _bool(nm->name->whole));
        _gibh(out, "requested_gib_hours", nm->name->needs.requested);
        _advice(out, "advice", &nm->advice);
        fputc('}', out);
    }
    fputc(']', out);
}

static void _group(FILE *out, const char *key, const char *name_key,
                   const struct hl_site_group *g, const uint32_t *order,
                   const struct hl_site_advised *advised)
{
    fprintf(out, ",\"%s\":[", key);
    for (uint32_t i = 0; i < g->names.count; i++) {
        const struct hl_site_who *w = &g->who[order[i]];

        fprintf(out, "%s{\"%s\":", i ? "," : "", name_key);
        hl_json_str(out, hl_strpool_get(&g->names, order[i]));
        fputc(',', out);
        _who(out, w);
        if (advised) {
            _advice(out, "advice", &advised[order[i]].all);
            _names(out, &advised[order[i]]);
        }
        fputc('}', out);
    }
    fputc(']', out);
}

static void _jobs(FILE *out, const struct hl_site_view *v)
{
    fprintf(out, ",\"wasted_most_exact\":%s", _bool(v->jobs_exact));
    _gibh(out, "left_out_wasted_gib_hours_max", v->left_out);
    fprintf(out, ",\"jobs_followed\":%" PRIu32 ",\"wasted_most\":[",
            v->agg->top.cap);
    for (size_t i = 0; i < v->njobs; i++) {
        const struct hl_site_top_job *j = v->jobs[i];

        fprintf(out, "%s{\"job\":%" PRIu64 ",\"user\":", i ? "," : "", j->id);
        hl_json_str(out, hl_strpool_get(&v->agg->users.names, j->user));
        fputs(",\"account\":", out);
        hl_json_str(out, hl_strpool_get(&v->agg->accounts.names, j->account));
        fprintf(out, ",\"whole\":%s", _bool(j->whole));
        _gibh(out, "missed_wasted_gib_hours_max", j->missed);
        fprintf(out, ",\"oom_killed_steps\":%" PRIu32, j->oom_steps);
        _time(out, &j->t);
        fputc('}', out);
    }
    fputc(']', out);
}

void hl_site_print_json(FILE *out, const struct hl_site_view *v)
{
    fputs("{\"since\":", out);
    _time_or_null(out, v->opt->since);
    fputs(",\"until\":", out);
    _time_or_null(out, v->opt->until);
    fprintf(out,
            ",\"files\":%" PRIu64 ",\"skipped\":%" PRIu64
            ",\"distinct_error_pct\":%d,\"oom_killed_steps_exact\":%s"
            ",\"advice_cover_pct\":%.2f,\"job_names_followed\":%u"
            ",\"total\":{",
            v->reading->files, v->reading->problems, HL_DISTINCT_ERROR_PCT,
            _bool(!v->agg->oom_over), v->opt->cover / 100.0, HL_SITE_NAMES);
    _who(out, &v->agg->all);
    fputc('}', out);
    _group(out, "users", "user", &v->agg->users, v->users, v->advised);
    _group(out, "accounts", "account", &v->agg->accounts, v->accounts, NULL);
    _group(out, "partitions", "partition", &v->agg->partitions, v->partitions,
           NULL);
    _jobs(out, v);
    fputs("}\n", out);
}

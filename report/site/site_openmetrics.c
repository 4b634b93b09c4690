/* The site report in the Prometheus text exposition format (0.0.4), which
 * is also OpenMetrics 1.0 text: every family a gauge (a period's figures
 * go down when the period moves on or old files go, which a counter must
 * not), each with # HELP and # TYPE, its samples together, names in base
 * units (bytes, byte-seconds, a ratio of 1), label values escaped, and
 * "# EOF" last. node_exporter's textfile collector serves it as it is
 * (doc/admin.md). */
#include <inttypes.h>
#include <string.h>

#include "shared/utf8.h"
#include "site_out.h"

/* A label value: \ " and line feed escaped, bytes that are not UTF-8 as
 * U+FFFD (the format holds UTF-8 only). */
static void _label_value(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    uint32_t code;

    while (*p) {
        size_t n = hl_utf8_next(p, &code);

        if (!n) {
            fputs("\xef\xbf\xbd", out);
            p++;
        } else if (*p == '\\' || *p == '"') {
            fputc('\\', out);
            fputc(*p++, out);
        } else if (*p == '\n') {
            fputs("\\n", out);
            p++;
        } else {
            fwrite(p, 1, n, out);
            p += n;
        }
    }
}

static void _family(FILE *out, const char *name, const char *help)
{
    fprintf(out, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

/* A sample's name and labels: {label="value"} for each pair, NULL ends. */
static void _sample(FILE *out, const char *name, const char *label1,
                    const char *value1, const char *label2, const char *value2)
{
    fputs(name, out);
    if (label1) {
        fprintf(out, "{%s=\"", label1);
        _label_value(out, value1);
        if (label2) {
            fprintf(out, "\",%s=\"", label2);
            _label_value(out, value2);
        }
        fputs("\"}", out);
    }
    fputc(' ', out);
}

/* A group's figures: users, accounts or partitions. */
struct _group {
    const char *kind; /* in the names, and the label */
    const struct hl_site_group *g;
    const uint32_t *order;
};

enum _figure {
    _REQUESTED,
    _USED,
    _WASTED,
    _EFFICIENCY,
    _JOBS,
    _STEPS,
    _OOM,
    _NFIGURES
};

static const struct {
    const char *suffix, *help;
} _figures[_NFIGURES] = {
    {"memory_requested_byte_seconds",
     "Memory requested over the period: each step's request on a node "
     "times its time there, summed (GiB-hours: divide by 3865470566400)."},
    {"memory_used_byte_seconds",
     "Memory used over the period: each step's peak on a node times its "
     "time there, summed."},
    {"memory_wasted_byte_seconds",
     "Memory requested and not used over the period."},
    {"memory_efficiency_ratio",
     "Memory used over memory requested in the period."},
    {"jobs", "Jobs measured in the period (exact up to 256, then estimated "
             "within 5%)."},
    {"steps", "Steps measured in the period (exact up to 256, then "
              "estimated within 5%)."},
    {"oom_killed_steps",
     "Steps of the period that the OOM killer ended (exact up to 1048576 "
     "of them in all, then an upper bound)."},
};

/* Whether w has figure f, into *value. */
static bool _value(const struct hl_site_who *w, enum _figure f, double *value)
{
    switch (f) {
    case _REQUESTED:
        *value = w->t.requested;
        return true;
    case _USED:
        *value = w->t.used;
        return true;
    case _WASTED:
        *value = w->t.wasted;
        return true;
    case _EFFICIENCY:
        *value = w->t.requested > 0 ? w->t.used / w->t.requested : 0;
        return w->t.requested > 0;
    case _JOBS:
        *value = (double)hl_distinct_count(&w->jobs);
        return true;
    case _STEPS:
        *value = (double)hl_distinct_count(&w->steps);
        return true;
    default:
        *value = (double)w->oom_steps;
        return true;
    }
}

static void _group(FILE *out, const struct _group *gr)
{
    char name[96];
    double value;

    if (!gr->g->names.count)
        return;
    for (int f = 0; f < _NFIGURES; f++) {
        snprintf(name, sizeof(name), "heapline_%s_%s", gr->kind,
                 _figures[f].suffix);
        _family(out, name, _figures[f].help);
        for (uint32_t i = 0; i < gr->g->names.count; i++)
            if (_value(&gr->g->who[gr->order[i]], (enum _figure)f, &value)) {
                _sample(out, name, gr->kind,
                        hl_strpool_get(&gr->g->names, gr->order[i]), NULL,
                        NULL);
                fprintf(out, "%.15g\n", value);
            }
    }
}

enum _advice_figure {
    _MEM,
    _MEASURED,
    _KILLED,
    _SAVED,
    _OVER,
    _WHOLE,
    _NADVICE
};

static const struct {
    const char *suffix, *help;
} _advice_figures[_NADVICE] = {
    {"advice_memory_bytes",
     "The --mem per node that would have covered the share "
     "heapline_site_advice_cover_ratio of the measured steps' needs."},
    {"advice_steps", "Steps measured, OOM-killed ones too, once per node."},
    {"advice_killed_steps",
     "Steps (once per node) the advice would have ended: needs above it, "
     "and OOM-killed steps whose limit was it or more."},
    {"advice_saved_byte_seconds",
     "Memory requested over the period less what the advice would have "
     "requested (below 0: it asks more)."},
    {"advice_over_oom_limit_bytes",
     "The limit of the step OOM-killed at the share's rank, whose need was "
     "more, how much not known: the advice is the next size above it. "
     "Absent when the need at the rank was measured."},
    {"advice_whole",
     "1 when the job name was followed from its first line, 0 when from a "
     "later one (its advice is of its steps since)."},
};

static double _advice_value(const struct hl_site_advice *a,
                            enum _advice_figure f, bool whole)
{
    switch (f) {
    case _MEM:
        return (double)a->mem;
    case _MEASURED:
        return (double)a->measured;
    case _KILLED:
        return (double)a->killed;
    case _SAVED:
        return a->saved;
    case _OVER:
        return (double)a->limit;
    default:
        return whole;
    }
}

/* The advice per user, then per job name of a user. */
static void _advice(FILE *out, const struct hl_site_view *v, bool names)
{
    const struct hl_site_group *g = &v->agg->users;
    char name[96];

    for (int f = 0; f < _NADVICE; f++) {
        if (f == _WHOLE && !names)
            continue;
        snprintf(name, sizeof(name), "heapline_%s_%s",
                 names ? "job_name" : "user", _advice_figures[f].suffix);
        _family(out, name, _advice_figures[f].help);
        for (uint32_t i = 0; i < g->names.count; i++) {
            const struct hl_site_advised *ad = &v->advised[v->users[i]];
            const char *user = hl_strpool_get(&g->names, v->users[i]);

            if (!names && ad->all.known && (f != _OVER || ad->all.over)) {
                _sample(out, name, "user", user, NULL, NULL);
                fprintf(out, "%.15g\n",
                        _advice_value(&ad->all, (enum _advice_figure)f, true));
            }
            for (uint32_t k = 0; names && k < ad->nnames; k++) {
                if (f == _OVER && !ad->names[k].advice.over)
                    continue;
                _sample(out, name, "user", user, "job_name",
                        ad->names[k].name->name);
                fprintf(out, "%.15g\n",
                        _advice_value(&ad->names[k].advice,
                                      (enum _advice_figure)f,
                                      ad->names[k].name->whole));
            }
        }
    }
}

/* What was read, and the period. */
static void _site(FILE *out, const struct hl_site_view *v)
{
    _family(out, "heapline_site_files", "Site files read (a node's day each).");
    fprintf(out, "heapline_site_files %" PRIu64 "\n", v->reading->files);
    _family(out, "heapline_site_lines",
            "Summary lines read in the period (a step on a node each).");
    fprintf(out, "heapline_site_lines %" PRIu64 "\n", v->agg->all.lines);
    _family(out, "heapline_site_skipped",
            "Files and lines skipped as bad (each named on stderr).");
    fprintf(out, "heapline_site_skipped %" PRIu64 "\n", v->reading->problems);
    if (v->opt->since != INT64_MIN) {
        _family(out, "heapline_site_period_start_timestamp_seconds",
                "The start of the period (--since).");
        fprintf(out,
                "heapline_site_period_start_timestamp_seconds %" PRId64 "\n",
                v->opt->since);
    }
    if (v->opt->until != INT64_MAX) {
        _family(out, "heapline_site_period_end_timestamp_seconds",
                "The end of the period (--until).");
        fprintf(out, "heapline_site_period_end_timestamp_seconds %" PRId64 "\n",
                v->opt->until);
    }
    _family(out, "heapline_site_advice_cover_ratio",
            "The share of the measured steps' needs the advice covers "
            "(--cover).");
    fprintf(out, "heapline_site_advice_cover_ratio %.4g\n",
            v->opt->cover / (double)HL_SITE_COVER_FULL);
}

void hl_site_print_openmetrics(FILE *out, const struct hl_site_view *v)
{
    const struct _group groups[] = {
        {"user", &v->agg->users, v->users},
        {"account", &v->agg->accounts, v->accounts},
        {"partition", &v->agg->partitions, v->partitions},
    };

    _site(out, v);
    for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++)
        _group(out, &groups[i]);
    _advice(out, v, false);
    _advice(out, v, true);
    fputs("# EOF\n", out);
}

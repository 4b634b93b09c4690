#include "compare_words.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "format_size.h"
#include "job/model/figures.h"

/* Figures that grew, named in the verdict before "and N more". */
#define _GROWN_NAMED 5

static const char *_s(size_t n)
{
    return n == 1 ? "" : "s";
}

void hl_cmp_size_text(uint64_t bytes, bool known, char *buf, size_t len)
{
    char size[HL_SIZE_BUF];

    hl_format_size(bytes, size);
    snprintf(buf, len, "%s", known ? size : "-");
}

void hl_cmp_change_text(const struct hl_pair *p, char *buf, size_t len)
{
    char size[HL_SIZE_BUF];
    bool up = p->new > p->old;

    if (!p->old_known || !p->new_known) {
        snprintf(buf, len, "-");
        return;
    }
    if (p->new == p->old) {
        snprintf(buf, len, "no change");
        return;
    }
    hl_format_size(hl_pair_magnitude(p), size);
    if (!p->old)
        snprintf(buf, len, "+%s (new)", size);
    else
        snprintf(buf, len, "%c%s (%+.1f%%)", up ? '+' : '-', size,
                 hl_pair_percent(p));
}

void hl_cmp_operands(char *const *paths, int n, char *buf, size_t len)
{
    if (n == 1)
        snprintf(buf, len, "%s", paths[0]);
    else
        snprintf(buf, len, "%s and %d more", paths[0], n - 1);
}

void hl_cmp_run_text(const struct hl_report *r, char *buf, size_t len)
{
    const struct hl_summary *sum = r->sum;
    const char *job = hl_runs_job(r->runs, &r->set->jobs);
    char t[32];

    hl_fmt_tenths(sum->longest_ms, t);
    snprintf(buf, len, "%zu rank%s on %zu node%s, longest process %s s%s%s%s",
             sum->nranks, _s(sum->nranks), sum->nnodes, _s(sum->nnodes), t,
             job ? " (job " : "", job ? job : "", job ? ")" : "");
}

void hl_cmp_hosts_text(const char *old, const char *new, char *buf, size_t len)
{
    if (old && new &&strcmp(old, new))
        snprintf(buf, len, "%s -> %s", old, new);
    else if (old && new)
        snprintf(buf, len, "%s", new);
    else
        snprintf(buf, len, "%s (%s only)", old ? old : new,
                 old ? "OLD" : "NEW");
}

/* The ranks of one run only: how many, and the lowest and highest. */
static void _unmatched(const struct hl_compare *c, bool in_new, size_t *n,
                       int32_t *lo, int32_t *hi)
{
    *n = 0;
    for (size_t i = c->matched_ranks; i < c->nranks; i++) {
        const struct hl_cmp_rank *k = &c->ranks[i];

        if ((in_new ? k->new_host : k->old_host) == NULL)
            continue;
        if (!*n || k->rank < *lo)
            *lo = k->rank;
        if (!*n || k->rank > *hi)
            *hi = k->rank;
        ++*n;
    }
}

/* "; 1 in OLD only (rank 3)", "; 4 in NEW only (ranks 4 to 7)". */
static size_t _only(char *buf, size_t len, const char *run, size_t n,
                    int32_t lo, int32_t hi)
{
    if (lo == hi)
        return (size_t)snprintf(buf, len, "; %zu in %s only (rank %" PRId32 ")",
                                n, run, lo);
    return (size_t)snprintf(
        buf, len, "; %zu in %s only (ranks %" PRId32 " to %" PRId32 ")", n, run,
        lo, hi);
}

void hl_cmp_rank_counts(const struct hl_compare *c, char buf[HL_SENTENCE])
{
    size_t no, nn, at;
    int32_t lo = 0, hi = 0, lo2 = 0, hi2 = 0;

    buf[0] = '\0';
    if (c->matched_ranks == c->nranks)
        return;
    _unmatched(c, false, &no, &lo, &hi);
    _unmatched(c, true, &nn, &lo2, &hi2);
    at = (size_t)snprintf(buf, HL_SENTENCE,
                          "The runs have different ranks, %zu (OLD) and %zu "
                          "(NEW): ranks are matched by number, %zu in both",
                          c->old->sum->nranks, c->new->sum->nranks,
                          c->matched_ranks);
    if (no)
        at += _only(buf + at, HL_SENTENCE - at, "OLD", no, lo, hi);
    if (nn)
        _only(buf + at, HL_SENTENCE - at, "NEW", nn, lo2, hi2);
    strncat(buf, ".", HL_SENTENCE - strlen(buf) - 1);
}

void hl_cmp_most_relative(const struct hl_compare *c, char buf[HL_SENTENCE])
{
    const struct hl_cmp_rank *k;
    const struct hl_pair *p;
    char name[128], o[HL_SIZE_BUF], n[HL_SIZE_BUF];
    double h, w;

    buf[0] = '\0';
    if (c->most_relative == SIZE_MAX)
        return;
    k = &c->ranks[c->most_relative];
    h = hl_pair_percent(&k->heap);
    w = hl_pair_percent(&k->vmhwm);
    p = (h < 0 ? -h : h) >= (w < 0 ? -w : w) ? &k->heap : &k->vmhwm;
    hl_cmp_rank_name(k, name, sizeof(name));
    hl_format_size(p->old, o);
    hl_format_size(p->new, n);
    snprintf(buf, HL_SENTENCE,
             "Largest relative change (of 1 MiB or more): %s, %s %+.1f%% "
             "(%s -> %s).",
             name, p == &k->heap ? "peak heap" : "VmHWM", hl_pair_percent(p), o,
             n);
}

static void _moment(const struct hl_cmp_moment *m, const char *what,
                    char buf[HL_SENTENCE])
{
    char ot[32], nt[32], ol[32], nl[32], d[32];
    int64_t delta = m->new_ms - m->old_ms;

    buf[0] = '\0';
    if (!m->known)
        return;
    hl_fmt_tenths(m->old_ms, ot);
    hl_fmt_tenths(m->new_ms, nt);
    hl_fmt_tenths(m->old_len_ms, ol);
    hl_fmt_tenths(m->new_len_ms, nl);
    hl_fmt_tenths(delta < 0 ? -delta : delta, d);
    snprintf(
        buf, HL_SENTENCE,
        "%s peaked at %s s of %s s (OLD) and at %s s of %s s (NEW): %s%s%s.",
        what, ot, ol, nt, nl,
        !m->moved   ? "at about the same moment"
        : delta > 0 ? "later by "
                    : "earlier by ",
        m->moved ? d : "", m->moved ? " s" : "");
}

void hl_cmp_heap_moment(const struct hl_compare *c, char buf[HL_SENTENCE])
{
    _moment(&c->heap_peak, "The largest rank heap", buf);
}

void hl_cmp_node_moment(const struct hl_compare *c, char buf[HL_SENTENCE])
{
    _moment(&c->node_peak, "The largest node concurrent RSS", buf);
}

void hl_cmp_callsites_note(const struct hl_compare *c, char buf[HL_SENTENCE])
{
    buf[0] = '\0';
    if (c->callsites_in == 1 || c->callsites_in == 2)
        snprintf(buf, HL_SENTENCE,
                 "Allocation sites: only %s's records hold them; to compare "
                 "them, measure both runs with sites on (the default; not "
                 "HEAPLINE_SITES=0).",
                 c->callsites_in == 1 ? "OLD" : "NEW");
}

void hl_cmp_cut_short(const struct hl_report *r, const char *which,
                      char buf[HL_SENTENCE])
{
    size_t n = hl_procset_cut_short(r->set);

    buf[0] = '\0';
    if (n)
        snprintf(buf, HL_SENTENCE,
                 "%s: %zu process%s did not exit normally: %s figures are "
                 "lower bounds.",
                 which, n, n == 1 ? "" : "es", n == 1 ? "its" : "their");
}

void hl_cmp_verdict(const struct hl_compare *c, char buf[HL_SENTENCE])
{
    size_t named = c->ngrown < _GROWN_NAMED ? c->ngrown : _GROWN_NAMED, at;

    buf[0] = '\0';
    if (c->fail_if_grown_pct < 0)
        return;
    if (!c->ngrown) {
        snprintf(buf, HL_SENTENCE,
                 "Nothing grew by more than %d%% (and 1 MiB): "
                 "--fail-if-grown passes.",
                 c->fail_if_grown_pct);
        return;
    }
    at = (size_t)snprintf(
        buf, HL_SENTENCE,
        "Grown by more than %d%% (and 1 MiB): ", c->fail_if_grown_pct);
    for (size_t i = 0; i < named && at < HL_SENTENCE; i++)
        at += (size_t)snprintf(buf + at, HL_SENTENCE - at, "%s%s (%+.1f%%)",
                               i == 0                                 ? ""
                               : i + 1 == named && named == c->ngrown ? " and "
                                                                      : ", ",
                               c->grown[i].what,
                               hl_pair_percent(&c->grown[i].pair));
    if (c->ngrown > named && at < HL_SENTENCE)
        at += (size_t)snprintf(buf + at, HL_SENTENCE - at, " and %zu more",
                               c->ngrown - named);
    if (at < HL_SENTENCE)
        snprintf(buf + at, HL_SENTENCE - at,
                 ": --fail-if-grown fails (exit status 3).");
}

/* The allocation sites at the peak of both runs, matched by what they are
 * called: a stack's addresses change with every build, its names do not.
 * First by the text report's label (the naming frame with its file and
 * line, and two callers), then, for the sites left, by their function
 * names alone: a new version of the code moves the lines. */
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "job/callsites/callsites_names.h"

/* The callers that the label names, as the text report's table. */
#define _CALLERS 2

struct _site {
    char *label, *loose; /* loose: NULL when a frame has no function name */
    uint64_t bytes;
    double var;
    bool matched;
};

static int _cmp_label(const void *a, const void *b)
{
    return strcmp(((const struct _site *)a)->label,
                  ((const struct _site *)b)->label);
}

/* Those with a loose key first, by it, the largest first among equals
 * (two sites of one function are paired largest with largest); the
 * others after. */
static int _cmp_loose(const void *pa, const void *pb)
{
    const struct _site *a = pa, *b = pb;
    int c;

    if (!a->loose || !b->loose)
        return (a->loose == NULL) - (b->loose == NULL);
    if ((c = strcmp(a->loose, b->loose)) != 0)
        return c;
    return a->bytes > b->bytes ? -1 : a->bytes < b->bytes;
}

/* The function names of the label's frames, or NULL when one has none. */
static char *_loose(const struct hl_callsites_view *v, uint32_t stack)
{
    struct hl_named_frame f[HL_NAMED_MAX];
    size_t n = hl_callsite_frames(v->sym, v->db, stack, f), at = 0, callers;
    char buf[2048];

    if (!n)
        return NULL;
    callers = 0;
    for (size_t i = hl_callsite_label(f, n); i < n && callers <= _CALLERS;
         i = hl_callsite_own(f, i + 1, n), callers++) {
        if (!f[i].function)
            return NULL;
        at +=
            (size_t)snprintf(buf + at, at < sizeof(buf) ? sizeof(buf) - at : 0,
                             "%s%s", callers ? " <- " : "", f[i].function);
        if (at >= sizeof(buf))
            return NULL;
    }
    return strdup(buf);
}

static void _free_sites(struct _site *s, size_t n)
{
    for (size_t i = 0; s && i < n; i++) {
        free(s[i].label);
        free(s[i].loose);
    }
    free(s);
}

/* A run's sites, one per label (the view has summed the stacks that name
 * alike), sorted by it. Returns the count, or -1 when memory runs out. */
static long _sites(const struct hl_callsites_view *v, struct _site **out)
{
    struct _site *s = calloc(v->ntotals ? v->ntotals : 1, sizeof(*s));
    char label[2048];

    if (!s)
        return -1;
    for (size_t i = 0; i < v->ntotals; i++) {
        hl_callsite_label_text(v->sym, v->db, v->totals[i].stack, _CALLERS,
                               label, sizeof(label));
        s[i].label = strdup(label);
        s[i].loose = _loose(v, v->totals[i].stack);
        s[i].bytes = v->totals[i].bytes;
        s[i].var = v->totals[i].variance;
        if (!s[i].label) {
            _free_sites(s, i + 1);
            return -1;
        }
    }
    qsort(s, v->ntotals, sizeof(*s), _cmp_label);
    *out = s;
    return (long)v->ntotals;
}

/* The pair of o and n (either NULL: in one run only); the label moves
 * into it, NEW's first. */
static struct hl_cmp_callsite _entry(struct _site *o, struct _site *n)
{
    struct hl_cmp_callsite c = {0};

    if (o) {
        c.old = o->bytes;
        c.old_var = o->var;
        c.in_old = o->matched = true;
    }
    if (n) {
        c.new = n->bytes;
        c.new_var = n->var;
        c.in_new = n->matched = true;
    }
    c.label = n ? n->label : o->label;
    if (n)
        n->label = NULL;
    else
        o->label = NULL;
    return c;
}

/* Matches the sites of o and n not matched yet whose keys (cmp) are
 * equal, each once; both sorted by cmp. */
static void _match(struct hl_compare *c, struct _site *o, long no,
                   struct _site *n, long nn,
                   int (*cmp)(const void *, const void *))
{
    long i = 0, j = 0;

    while (i < no && j < nn) {
        int d;

        if (o[i].matched || (cmp == _cmp_loose && !o[i].loose)) {
            i++;
            continue;
        }
        if (n[j].matched || (cmp == _cmp_loose && !n[j].loose)) {
            j++;
            continue;
        }
        d = cmp == _cmp_loose ? strcmp(o[i].loose, n[j].loose)
                              : cmp(&o[i], &n[j]);
        if (d == 0)
            c->callsites[c->ncallsites++] = _entry(&o[i], &n[j]);
        i += d <= 0;
        j += d >= 0;
    }
}

static int _cmp_change(const void *pa, const void *pb)
{
    const struct hl_cmp_callsite *a = pa, *b = pb;
    struct hl_pair x = {a->old, a->new, true, true},
                   y = {b->old, b->new, true, true};
    uint64_t ca = hl_pair_magnitude(&x), cb = hl_pair_magnitude(&y);

    if (ca != cb)
        return ca > cb ? -1 : 1;
    return strcmp(a->label, b->label);
}

int hl_compare_callsites(struct hl_compare *c)
{
    const struct hl_callsites_view *ov = c->old->callsites,
                                   *nv = c->new->callsites;
    struct _site *o = NULL, *n = NULL;
    long no, nn;
    int rc = -1;

    c->callsites_in = (ov != NULL) | (nv != NULL) << 1;
    if (!ov || !nv)
        return 0;
    no = _sites(ov, &o);
    nn = no < 0 ? -1 : _sites(nv, &n);
    if (no >= 0 && nn >= 0 &&
        (c->callsites = calloc((size_t)(no + nn + 1), sizeof(*c->callsites)))) {
        _match(c, o, no, n, nn, _cmp_label);
        qsort(o, (size_t)no, sizeof(*o), _cmp_loose);
        qsort(n, (size_t)nn, sizeof(*n), _cmp_loose);
        _match(c, o, no, n, nn, _cmp_loose);
        for (long i = 0; i < no; i++)
            if (!o[i].matched)
                c->callsites[c->ncallsites++] = _entry(&o[i], NULL);
        for (long j = 0; j < nn; j++)
            if (!n[j].matched)
                c->callsites[c->ncallsites++] = _entry(NULL, &n[j]);
        qsort(c->callsites, c->ncallsites, sizeof(*c->callsites), _cmp_change);
        rc = 0;
    }
    _free_sites(o, no > 0 ? (size_t)no : 0);
    _free_sites(n, nn > 0 ? (size_t)nn : 0);
    return rc;
}

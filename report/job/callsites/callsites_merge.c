#include "callsites_merge.h"
#include "callsites_names.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct _labelled {
    char *label;
    size_t at; /* in v->totals, which is largest first */
};

static int _by_label(const void *a, const void *b)
{
    const struct _labelled *x = a, *y = b;
    int c = strcmp(x->label, y->label);

    if (c)
        return c;
    return x->at < y->at ? -1 : x->at > y->at;
}

static void _free_labels(struct _labelled *l, size_t n)
{
    for (size_t i = 0; l && i < n; i++)
        free(l[i].label);
    free(l);
}

static struct _labelled *_labels(const struct hl_callsites_view *v,
                                 size_t callers)
{
    struct _labelled *l = calloc(v->ntotals ? v->ntotals : 1, sizeof(*l));
    char buf[2048];

    for (size_t i = 0; l && i < v->ntotals; i++) {
        hl_callsite_label_text(v->sym, v->db, v->totals[i].stack, callers, buf,
                               sizeof(buf));
        l[i] = (struct _labelled){strdup(buf), i};
        if (!l[i].label) {
            _free_labels(l, i);
            return NULL;
        }
    }
    if (l)
        qsort(l, v->ntotals, sizeof(*l), _by_label);
    return l;
}

/* The processes that hold a site of each group, each counted once:
 * group[stack] is its group, seen[g] the last process counted in g. */
static void _count_processes(struct hl_callsite_total *out, size_t groups,
                             const uint32_t *group,
                             const struct hl_procset *set,
                             const struct hl_callsites_db *db, size_t *seen)
{
    for (size_t g = 0; g < groups; g++)
        out[g].records = 0;
    for (size_t i = 0; i < set->count; i++) {
        const struct hl_proc *p = &set->procs[i];
        for (uint32_t k = 0; k < p->ncallsites; k++) {
            uint32_t g = group[db->callsites[p->callsites + k].stack];
            if (seen[g] == i + 1)
                continue;
            seen[g] = i + 1;
            out[g].records++;
        }
    }
}

int hl_callsites_merge_same(struct hl_callsites_view *v,
                            const struct hl_procset *set, size_t callers)
{
    size_t n = v->ntotals, m = 0;
    struct _labelled *l = _labels(v, callers);
    struct hl_callsite_total *out = calloc(n ? n : 1, sizeof(*out));
    uint32_t *group =
        calloc(v->db->nstacks ? v->db->nstacks : 1, sizeof(*group));
    size_t *seen = calloc(n ? n : 1, sizeof(*seen));
    int ok = l && out && group && seen;

    for (size_t i = 0; ok && i < n; m++) {
        size_t j = i;

        out[m] = v->totals[l[i].at];
        out[m].stacks = 0;
        out[m].bytes = out[m].count = 0;
        out[m].variance = 0;
        for (; j < n && !strcmp(l[j].label, l[i].label); j++) {
            const struct hl_callsite_total *t = &v->totals[l[j].at];
            out[m].bytes += t->bytes;
            out[m].count += t->count;
            out[m].variance += t->variance;
            out[m].stacks++;
            group[t->stack] = (uint32_t)m;
        }
        i = j;
    }
    if (ok) {
        _count_processes(out, m, group, set, v->db, seen);
        free(v->totals);
        v->totals = out;
        v->ntotals = m;
    } else {
        free(out);
    }
    _free_labels(l, n);
    free(group);
    free(seen);
    return ok ? 0 : -1;
}

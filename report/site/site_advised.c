/* The advice of each user and each of their job names, for the share of
 * --cover (see site_out.h, site_needs.h). */
#include <stdlib.h>
#include <string.h>

#include "site_out.h"

/* Most saved first, ties to the name. */
static int _by_saved(const void *pa, const void *pb)
{
    const struct hl_site_named *a = pa, *b = pb;

    if (a->advice.saved != b->advice.saved)
        return a->advice.saved < b->advice.saved ? 1 : -1;
    return strcmp(a->name->name, b->name->name);
}

static int _user(struct hl_site_advised *ad, const struct hl_site_who *w,
                 unsigned cover, bool *partial)
{
    const struct hl_site_names *t = &w->names;

    hl_site_advise(&w->needs, cover, &ad->all);
    if (!t->n)
        return 0;
    if (!(ad->names = malloc(t->n * sizeof(*ad->names))))
        return -1;
    for (uint32_t i = 0; i < t->n; i++) {
        struct hl_site_named *nm = &ad->names[ad->nnames];

        nm->name = &t->slots[i];
        hl_site_advise(&t->slots[i].needs, cover, &nm->advice);
        if (nm->advice.known) {
            *partial |= !nm->name->whole;
            ad->nnames++;
        }
    }
    qsort(ad->names, ad->nnames, sizeof(*ad->names), _by_saved);
    return 0;
}

int hl_site_view_advise(struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->users;

    v->advised = calloc(g->names.count + 1, sizeof(*v->advised));
    if (!v->advised)
        return -1;
    for (uint32_t i = 0; i < g->names.count; i++)
        if (_user(&v->advised[i], &g->who[i], v->opt->cover,
                  &v->names_partial) < 0)
            return -1;
    return 0;
}

void hl_site_view_advised_free(struct hl_site_view *v)
{
    for (uint32_t i = 0; v->advised && i < v->agg->users.names.count; i++)
        free(v->advised[i].names);
    free(v->advised);
    v->advised = NULL;
}

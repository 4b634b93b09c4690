#include "procs.h"

#include <stdlib.h>
#include <string.h>

struct hl_proc *hl_procset_add(struct hl_procset *set)
{
    if (set->count == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 1024;
        struct hl_proc *procs = realloc(set->procs, cap * sizeof(*procs));

        if (!procs)
            return NULL;
        set->procs = procs;
        set->cap = cap;
    }
    memset(&set->procs[set->count], 0, sizeof(set->procs[0]));
    return &set->procs[set->count++];
}

void hl_procset_free(struct hl_procset *set)
{
    free(set->procs);
    hl_strpool_free(&set->hosts);
    hl_strpool_free(&set->jobs);
    memset(set, 0, sizeof(*set));
}

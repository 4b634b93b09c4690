#include "procs.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

struct hl_proc *hl_procset_add(struct hl_procset *set)
{
    struct hl_proc *procs =
        hl_grow(set->procs, &set->cap, set->count + 1, sizeof(*procs), 1024);

    if (!procs)
        return NULL;
    set->procs = procs;
    memset(&procs[set->count], 0, sizeof(*procs));
    return &procs[set->count++];
}

struct hl_task_exit *hl_procset_add_exit(struct hl_procset *set)
{
    struct hl_task_exit *exits = hl_grow(set->exits, &set->exits_cap,
                                         set->nexits + 1, sizeof(*exits), 64);

    if (!exits)
        return NULL;
    set->exits = exits;
    memset(&exits[set->nexits], 0, sizeof(*exits));
    return &exits[set->nexits++];
}

struct hl_node_file *hl_procset_add_node_file(struct hl_procset *set)
{
    struct hl_node_file *files =
        hl_grow(set->node_files, &set->node_files_cap, set->nnode_files + 1,
                sizeof(*files), 16);

    if (!files)
        return NULL;
    set->node_files = files;
    memset(&files[set->nnode_files], 0, sizeof(*files));
    return &files[set->nnode_files++];
}

static int _cmp_exit(const void *va, const void *vb)
{
    const struct hl_task_exit *a = va, *b = vb;

    if (a->host != b->host)
        return a->host < b->host ? -1 : 1;
    return a->pid < b->pid ? -1 : a->pid > b->pid;
}

/* A step of 100,000 tasks has as many exit files: sorted, each process
 * finds its own in log time. */
void hl_procset_match_exits(struct hl_procset *set)
{
    if (!set->nexits)
        return;
    qsort(set->exits, set->nexits, sizeof(*set->exits), _cmp_exit);
    for (size_t j = 0; j < set->count; j++) {
        struct hl_proc *p = &set->procs[j];
        struct hl_task_exit key = {.host = p->host, .pid = p->pid};
        struct hl_task_exit *x = bsearch(&key, set->exits, set->nexits,
                                         sizeof(*set->exits), _cmp_exit);

        if (!x)
            continue;
        x->matched = 1;
        p->signal = x->signal;
        p->oom = x->oom == 1;
    }
}

size_t hl_procset_cut_short(const struct hl_procset *set)
{
    size_t n = 0;

    for (size_t i = 0; i < set->count; i++)
        n += hl_proc_cut_short(&set->procs[i]) != 0;
    for (size_t i = 0; i < set->nexits; i++)
        n += set->exits[i].signal && !set->exits[i].matched;
    return n;
}

int hl_proc_is_launcher(const struct hl_procset *set, const struct hl_proc *p)
{
    static const char *const daemons[] = {"orted", "prted", "hydra_pmi_proxy"};
    const char *program = hl_strpool_get(&set->programs, p->program);

    for (size_t i = 0; i < sizeof(daemons) / sizeof(daemons[0]); i++)
        if (!strcmp(program, daemons[i]))
            return 1;
    return 0;
}

size_t hl_procset_sigpipe_ends(const struct hl_procset *set)
{
    size_t n = 0;

    for (size_t i = 0; i < set->count; i++)
        n += set->procs[i].end == HL_END_SIGPIPE;
    return n;
}

void hl_procset_free(struct hl_procset *set)
{
    free(set->procs);
    free(set->exits);
    free(set->node_files);
    hl_strpool_free(&set->hosts);
    hl_strpool_free(&set->jobs);
    hl_strpool_free(&set->programs);
    hl_sites_db_free(&set->sites);
    hl_timelines_free(&set->timelines);
    memset(set, 0, sizeof(*set));
}

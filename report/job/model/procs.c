#include "procs.h"
#include "by_host.h"
#include "shared/grow.h"

#include <stdlib.h>
#include <string.h>

struct hl_proc *hl_procset_add(struct hl_procset *set)
{
    struct hl_proc *procs =
        hl_grow(set->procs, &set->cap, set->count + 1, sizeof(*procs), 1024);
    struct hl_proc_counts *counts;

    if (!procs)
        return NULL;
    set->procs = procs;
    memset(&procs[set->count], 0, sizeof(*procs));
    if (!set->drop_counts) {
        counts = hl_grow(set->counts, &set->counts_cap, set->ncounts + 1,
                         sizeof(*counts), 1024);
        if (!counts)
            return NULL;
        set->counts = counts;
        memset(&counts[set->ncounts], 0, sizeof(*counts));
        procs[set->count].counts = (uint32_t)set->ncounts++;
    }
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

/* An exit to list, and where it was read: equal hosts and pids keep that
 * order. */
struct _listed {
    struct hl_task_exit x;
    size_t at;
};

static int _cmp_listed(const void *va, const void *vb)
{
    const struct _listed *a = va, *b = vb;

    if (a->x.host != b->x.host)
        return a->x.host < b->x.host ? -1 : 1;
    if (a->x.pid != b->x.pid)
        return a->x.pid < b->x.pid ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* Whether an exit changes what the report says of a task that has a
 * record: its task was killed, or the OOM killer ended it. */
static bool _tells(const struct hl_task_exit *x)
{
    return x->signal || x->oom == 1;
}

static uint32_t _hash_pid(uint32_t pid)
{
    return (uint32_t)(((uint64_t)pid * 0x9e3779b97f4a7c15ull) >> 32);
}

/* The slot of pid in a host's table of exits (nslots a power of two,
 * exit indices + 1, 0 free): where its exit is, or the free slot where it
 * goes. */
static uint32_t *_exit_slot(const struct hl_procset *set, uint32_t *slots,
                            uint32_t nslots, uint32_t pid)
{
    uint32_t i = _hash_pid(pid) & (nslots - 1);

    while (slots[i] && set->exits[slots[i] - 1].pid != pid)
        i = (i + 1) & (nslots - 1);
    return &slots[i];
}

/* A process that died with no final record takes its task's figures,
 * which cannot be stale: its cgroup's high-water mark (all of the task's
 * processes, which a task of one process is) where above the last VmHWM
 * its record had, and its end as slurmstepd saw it. */
static void _take_task_figures(struct hl_proc *p, const struct hl_task_exit *x)
{
    if (p->end != HL_END_UNFINISHED || x->cgroup_peak <= p->vmhwm)
        return;
    p->vmhwm = x->cgroup_peak;
    p->from_task = 1;
    if (x->end_ns >= 0 && p->start_ns >= 0 && x->end_ns > p->start_ns &&
        (x->end_ns - p->start_ns) / 1000000 > p->elapsed_ms)
        p->elapsed_ms = (x->end_ns - p->start_ns) / 1000000;
}

/* Host h's processes find their exit in a table of that host's exits, by
 * pid: the first exit read of a pid that tells something is its. Another
 * exit of a pid that has a record (a copy) is no task without one. */
static void _match_host(struct hl_procset *set, const struct hl_by_host *px,
                        const struct hl_by_host *bx, uint32_t h,
                        uint32_t *slots)
{
    uint32_t nexits = bx->first[h + 1] - bx->first[h], nslots = 2;

    if (!nexits || px->first[h + 1] == px->first[h])
        return;
    while (nslots < 2 * nexits)
        nslots *= 2;
    memset(slots, 0, nslots * sizeof(*slots));
    /* An exit that tells first, then a plain one: either finds its record. */
    for (int plain = 0; plain < 2; plain++)
        for (uint32_t k = bx->first[h]; k < bx->first[h + 1]; k++) {
            uint32_t x = bx->item[k], *slot;

            if (_tells(&set->exits[x]) == plain)
                continue;
            slot = _exit_slot(set, slots, nslots, set->exits[x].pid);
            if (!*slot)
                *slot = x + 1;
        }
    for (uint32_t k = px->first[h]; k < px->first[h + 1]; k++) {
        struct hl_proc *p = &set->procs[px->item[k]];
        uint32_t *slot = _exit_slot(set, slots, nslots, p->pid);
        struct hl_task_exit *x;

        if (!*slot)
            continue;
        x = &set->exits[*slot - 1];
        x->matched = 1;
        if (!_tells(x))
            continue;
        p->signal = x->signal;
        p->oom = x->oom == 1;
        _take_task_figures(p, x);
    }
    for (uint32_t k = bx->first[h]; k < bx->first[h + 1]; k++) {
        struct hl_task_exit *x = &set->exits[bx->item[k]];
        uint32_t *slot = _exit_slot(set, slots, nslots, x->pid);

        if (*slot)
            x->matched = set->exits[*slot - 1].matched;
    }
}

/* A task that ended with no record, and no signal: unmeasured. */
static bool _unmeasured(const struct hl_task_exit *x)
{
    return !x->signal && !x->matched;
}

/* Of the exits, those the report uses: killed tasks that left no record,
 * which outputs list, first, by host and pid; then the tasks that ended
 * with no record and no signal, unmeasured, by host and pid; then the
 * others that the OOM killer ended. Returns 0, or -1 when memory runs
 * out. */
static int _keep_used(struct hl_procset *set)
{
    struct hl_task_exit *x = set->exits, *shrunk;
    struct _listed *listed = NULL;
    size_t n = 0, killed = 0, oom = 0;

    for (size_t i = 0; i < set->nexits; i++)
        n += !x[i].matched;
    if (n && !(listed = malloc(n * sizeof(*listed))))
        return -1;
    n = 0;
    for (size_t i = 0; i < set->nexits; i++) {
        if (!x[i].matched)
            listed[n++] = (struct _listed){x[i], i};
        else if (x[i].oom == 1)
            x[oom++] = x[i];
    }
    memmove(x + n, x, oom * sizeof(*x));
    if (n)
        qsort(listed, n, sizeof(*listed), _cmp_listed);
    for (size_t i = 0; i < n; i++)
        if (!_unmeasured(&listed[i].x))
            x[killed++] = listed[i].x;
    set->nunmeasured = n - killed;
    for (size_t i = 0; i < n; i++)
        if (_unmeasured(&listed[i].x))
            x[killed++] = listed[i].x;
    free(listed);
    set->nexits = n + oom;
    /* A step of a million tasks that all exited keeps none. */
    if ((shrunk = realloc(x, (set->nexits ? set->nexits : 1) * sizeof(*x)))) {
        set->exits = shrunk;
        set->exits_cap = set->nexits ? set->nexits : 1;
    }
    return 0;
}

int hl_procset_match_exits(struct hl_procset *set)
{
    struct hl_by_host px, bx;
    uint32_t *slots;
    size_t nslots = 2;
    int rc = -1;

    if (!set->nexits)
        return 0;
    if (hl_by_host(&px, set->procs, set->count, sizeof(*set->procs),
                   offsetof(struct hl_proc, host), set->hosts.count) < 0)
        return -1;
    if (hl_by_host(&bx, set->exits, set->nexits, sizeof(*set->exits),
                   offsetof(struct hl_task_exit, host), set->hosts.count) < 0) {
        hl_by_host_free(&px);
        return -1;
    }
    while (nslots < 2 * (size_t)bx.largest)
        nslots *= 2;
    if ((slots = malloc(nslots * sizeof(*slots)))) {
        for (uint32_t h = 0; h < set->hosts.count; h++)
            _match_host(set, &px, &bx, h, slots);
        free(slots);
        rc = _keep_used(set);
    }
    hl_by_host_free(&px);
    hl_by_host_free(&bx);
    return rc;
}

/* Whether entry i of the listed processes, then of the exits, is in the
 * list of what did not exit normally: then it is in *out. */
static int _cut_short_at(const struct hl_procset *set, size_t i,
                         struct hl_cut_short *out)
{
    const struct hl_task_exit *x;

    if (i < set->listed) {
        *out = (struct hl_cut_short){.proc = &set->procs[i]};
        return hl_proc_cut_short(out->proc);
    }
    x = &set->exits[i - set->listed];
    *out = (struct hl_cut_short){.exit = x};
    return x->signal && !x->matched;
}

const struct hl_task_exit *hl_procset_unmeasured(const struct hl_procset *set)
{
    size_t killed = 0;

    if (!set->exits)
        return NULL;
    while (killed < set->nexits && set->exits[killed].signal &&
           !set->exits[killed].matched)
        killed++;
    return set->exits + killed;
}

int hl_procset_cut_short_next(const struct hl_procset *set, size_t *at,
                              struct hl_cut_short *out)
{
    while (*at < set->listed + set->nexits)
        if (_cut_short_at(set, (*at)++, out))
            return 1;
    return 0;
}

size_t hl_procset_cut_short(const struct hl_procset *set)
{
    struct hl_cut_short c;
    size_t n = 0, at = 0;

    while (hl_procset_cut_short_next(set, &at, &c))
        n++;
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

    for (size_t i = 0; i < set->listed; i++)
        n += set->procs[i].end == HL_END_SIGPIPE;
    return n;
}

void hl_procset_free(struct hl_procset *set)
{
    free(set->procs);
    free(set->counts);
    free(set->exits);
    free(set->node_files);
    hl_strpool_free(&set->hosts);
    hl_strpool_free(&set->jobs);
    hl_strpool_free(&set->programs);
    hl_callsites_db_free(&set->callsites);
    hl_timelines_free(&set->timelines);
    memset(set, 0, sizeof(*set));
}

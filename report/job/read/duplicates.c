#include "duplicates.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "job/model/by_host.h"
#include "shared/escape.h"
#include "job/warn.h"

/* Processes named in a note each, before the count of the others. */
#define _NAMED 3

/* A process of one node, while its records are read through. */
struct _process {
    uint32_t kept;   /* its record kept so far */
    uint32_t series; /* its first record with a series, in the order of
                        _better; UINT32_MAX when none has one */
    uint32_t records;
};

/* Processes with several records, the _NAMED first in the order of their
 * keys, and how many there are. */
struct _repeated {
    struct {
        struct hl_proc_key key;
        uint32_t records;
    } named[_NAMED];
    size_t n;
};

static int _cmp_key(const struct hl_proc_key *a, const struct hl_proc_key *b)
{
    return memcmp(a, b, sizeof(*a));
}

/* Whether a is more complete than b: a final record before a provisional
 * one, then the latest; equal ones keep the first read. */
static int _better(const struct hl_proc *a, const struct hl_proc *b)
{
    int a_final = a->end != HL_END_UNFINISHED;

    if (a_final != (b->end != HL_END_UNFINISHED))
        return a_final;
    if (a->elapsed_ms != b->elapsed_ms)
        return a->elapsed_ms > b->elapsed_ms;
    return a->vmhwm > b->vmhwm;
}

static uint32_t _hash(const struct hl_proc *p)
{
    uint64_t h = ((uint64_t)p->job << 32 | p->pid) * 0x9e3779b97f4a7c15ull;

    return (uint32_t)(h >> 32);
}

/* The slot of p's process in slots (nslots a power of two, entries + 1,
 * 0 free): where it is, or the free one where it goes. */
static uint32_t *_slot(uint32_t *slots, uint32_t nslots,
                       const struct _process *procs, const struct hl_proc *all,
                       const struct hl_proc *p)
{
    uint32_t i = _hash(p) & (nslots - 1);

    while (slots[i]) {
        const struct hl_proc *q = &all[procs[slots[i] - 1].kept];

        if (q->pid == p->pid && q->job == p->job)
            break;
        i = (i + 1) & (nslots - 1);
    }
    return &slots[i];
}

static void _note_repeated(struct _repeated *r, const struct hl_proc *p,
                           uint32_t records)
{
    struct hl_proc_key k = hl_proc_key(p);
    size_t at = r->n < _NAMED ? r->n : _NAMED;

    r->n++;
    while (at > 0 && _cmp_key(&k, &r->named[at - 1].key) < 0) {
        if (at < _NAMED)
            r->named[at] = r->named[at - 1];
        at--;
    }
    if (at < _NAMED) {
        r->named[at].key = k;
        r->named[at].records = records;
    }
}

/* The records of one node's processes: each kept or dropped in drop. */
static void _one_host(struct hl_procset *set, const uint32_t *items, uint32_t n,
                      uint32_t *slots, struct _process *procs, uint8_t *drop,
                      struct _repeated *rep)
{
    struct hl_proc *all = set->procs;
    uint32_t nslots = 2, nprocs = 0;

    while (nslots < 2 * n)
        nslots *= 2;
    memset(slots, 0, nslots * sizeof(*slots));
    for (uint32_t i = 0; i < n; i++) {
        struct hl_proc *p = &all[items[i]];
        uint32_t *slot = _slot(slots, nslots, procs, all, p);
        struct _process *x;

        if (!*slot) {
            procs[nprocs] = (struct _process){
                items[i], p->series == HL_NO_SERIES ? UINT32_MAX : items[i], 1};
            *slot = ++nprocs;
            continue;
        }
        x = &procs[*slot - 1];
        x->records++;
        if (p->series != HL_NO_SERIES &&
            (x->series == UINT32_MAX || _better(p, &all[x->series])))
            x->series = items[i];
        if (_better(p, &all[x->kept])) {
            drop[x->kept] = 1;
            x->kept = items[i];
        } else {
            drop[items[i]] = 1;
        }
    }
    for (uint32_t i = 0; i < nprocs; i++) {
        struct hl_proc *kept = &all[procs[i].kept];

        if (procs[i].records < 2)
            continue;
        _note_repeated(rep, kept, procs[i].records);
        /* A timeline is folded in from the first record read of a process
         * (timelines.h), whichever is kept: its series goes with the kept
         * one. */
        if (kept->series == HL_NO_SERIES && procs[i].series != UINT32_MAX)
            kept->series = all[procs[i].series].series;
    }
}

static void _note(const struct hl_procset *set, const struct hl_proc_key *k,
                  size_t records)
{
    char *host = hl_escape_dup(hl_strpool_get(&set->hosts, k->host));
    char *job = hl_escape_dup(hl_strpool_get(&set->jobs, k->job));

    if (host && job)
        hl_note("%zu records of one process (pid %" PRIu32 " on %s%s%s), "
                "counted once",
                records, k->pid, host, job[0] ? ", job " : "", job);
    free(host);
    free(job);
}

int hl_drop_duplicates(struct hl_procset *set)
{
    struct hl_by_host b;
    struct _repeated rep = {.n = 0};
    uint32_t *slots = NULL;
    struct _process *procs = NULL;
    uint8_t *drop = NULL;
    size_t kept = 0, nslots = 2;

    if (set->count < 2)
        return 0;
    if (hl_by_host(&b, set->procs, set->count, sizeof(*set->procs),
                   offsetof(struct hl_proc, host), set->hosts.count) < 0)
        return -1;
    while (nslots < 2 * (size_t)b.largest)
        nslots *= 2;
    slots = malloc(nslots * sizeof(*slots));
    procs = malloc(b.largest * sizeof(*procs));
    drop = calloc(set->count, 1);
    if (!slots || !procs || !drop) {
        free(slots);
        free(procs);
        free(drop);
        hl_by_host_free(&b);
        return -1;
    }
    for (uint32_t h = 0; h < set->hosts.count; h++)
        if (b.first[h + 1] > b.first[h])
            _one_host(set, b.item + b.first[h], b.first[h + 1] - b.first[h],
                      slots, procs, drop, &rep);
    for (size_t i = 0; i < set->count; i++)
        if (!drop[i])
            set->procs[kept++] = set->procs[i];
    set->count = kept;
    free(slots);
    free(procs);
    free(drop);
    hl_by_host_free(&b);
    for (size_t i = 0; i < rep.n && i < _NAMED; i++)
        _note(set, &rep.named[i].key, rep.named[i].records);
    if (rep.n > _NAMED)
        hl_note("and %zu more processes with several records, each counted "
                "once",
                rep.n - _NAMED);
    return 0;
}

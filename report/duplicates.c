#include "duplicates.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "warn.h"

/* Processes named in a note each, before the count of the others. */
#define _NAMED 3

static int _cmp_key(const struct hl_proc_key *a, const struct hl_proc_key *b)
{
    return memcmp(a, b, sizeof(*a));
}

/* The most complete record first: a final one, then the latest. */
static int _cmp_better(const struct hl_proc *a, const struct hl_proc *b)
{
    int a_final = a->end != HL_END_UNFINISHED;

    if (a_final != (b->end != HL_END_UNFINISHED))
        return a_final ? -1 : 1;
    if (a->elapsed_ms != b->elapsed_ms)
        return a->elapsed_ms > b->elapsed_ms ? -1 : 1;
    return a->vmhwm > b->vmhwm ? -1 : a->vmhwm < b->vmhwm;
}

static int _cmp(const void *va, const void *vb)
{
    const struct hl_proc *a = va, *b = vb;
    struct hl_proc_key ka = hl_proc_key(a), kb = hl_proc_key(b);
    int c = _cmp_key(&ka, &kb);

    return c ? c : _cmp_better(a, b);
}

static void _note(const struct hl_procset *set, const struct hl_proc *p,
                  size_t records)
{
    char *host = hl_escape_dup(hl_strpool_get(&set->hosts, p->host));
    char *job = hl_escape_dup(hl_strpool_get(&set->jobs, p->job));

    if (host && job)
        hl_note("%zu records of one process (pid %" PRIu32 " on %s%s%s), "
                "counted once",
                records, p->pid, host, job[0] ? ", job " : "", job);
    free(host);
    free(job);
}

void hl_drop_duplicates(struct hl_procset *set)
{
    struct hl_proc *p = set->procs;
    size_t kept = 0, repeated = 0;

    if (set->count < 2)
        return;
    qsort(p, set->count, sizeof(*p), _cmp);
    for (size_t i = 0, end; i < set->count; i = end) {
        struct hl_proc_key k = hl_proc_key(&p[i]);

        for (end = i + 1; end < set->count; end++) {
            struct hl_proc_key ke = hl_proc_key(&p[end]);

            if (_cmp_key(&k, &ke) != 0)
                break;
        }
        if (end - i > 1 && repeated++ < _NAMED)
            _note(set, &p[i], end - i);
        /* A timeline is folded in from the first record read of a process
         * (timelines.h), whichever is kept: its series goes with the kept
         * one. */
        for (size_t j = i + 1; j < end && p[i].series == HL_NO_SERIES; j++)
            p[i].series = p[j].series;
        p[kept++] = p[i];
    }
    if (repeated > _NAMED)
        hl_note("and %zu more processes with several records, each counted "
                "once",
                repeated - _NAMED);
    set->count = kept;
}

/* The passes that go through a million processes node by node, by hashing
 * (report/job/read/duplicates.c, report/job/model/procs.c), against what
 * sorting gives, on random sets of 10 nodes, 2 jobs and pids drawn from few, so
 * that copies abound: the duplicate check keeps, of each process (host, job,
 * pid), its most complete record (a final one before a provisional one, then
 * the latest, then the larger VmHWM, then the first read), with the first
 * series of its records in that order when it has none, and the others'
 * order of reading; its notes name the first three processes with copies
 * in the order of their keys, and count the others. The exits: each
 * process takes the signal of the first exit read of its host and pid
 * that was killed or ended out of memory; the exits kept are the killed
 * tasks that left no record (not the other exits of a pid that has one),
 * by host and pid, then the unmeasured tasks (no record, no signal: not
 * the plain exits of a pid that has one), by host and pid, then the OOM
 * kills. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../bench/xorshift.h"
#include "../../tap.h"
#include "job/read/duplicates.h"
#include "exit_format.h"
#include "job/model/procs.h"

#define NPROCS 3000

static uint64_t _state = 0x9E3779B97F4A7C15ull;

static uint64_t _random(uint64_t n)
{
    return xorshift64(&_state) % n;
}

/* A set of random processes; each one's read order in its peak heap. */
static void _random_set(struct hl_procset *set)
{
    char name[16];

    memset(set, 0, sizeof(*set));
    for (int i = 0; i < 10; i++) {
        snprintf(name, sizeof(name), "n%d", i);
        hl_strpool_intern(&set->hosts, name, strlen(name));
    }
    hl_strpool_intern(&set->jobs, "7.0", 3);
    hl_strpool_intern(&set->jobs, "7.1", 3);
    hl_strpool_intern(&set->programs, "", 0);
    for (uint64_t i = 0; i < NPROCS; i++) {
        struct hl_proc *p = hl_procset_add(set);

        p->host = (uint32_t)_random(10);
        p->job = (uint32_t)_random(2);
        p->pid = 300 + (uint32_t)_random(60);
        p->end = _random(4) == 0 ? HL_END_UNFINISHED : HL_END_EXIT;
        p->elapsed_ms = (int64_t)_random(3);
        p->vmhwm = _random(3);
        p->peak_heap = i;
        p->series = _random(5) == 0 ? (uint32_t)i : HL_NO_SERIES;
        p->rank = -1;
    }
}

static int _cmp_key(const struct hl_proc *a, const struct hl_proc *b)
{
    struct hl_proc_key ka = hl_proc_key(a), kb = hl_proc_key(b);

    return memcmp(&ka, &kb, sizeof(ka));
}

/* The sort the report used to drop copies with: by key, the most complete
 * first, equal ones in the order read. */
static int _cmp_sorted(const void *va, const void *vb)
{
    const struct hl_proc *a = va, *b = vb;
    int c = _cmp_key(a, b), af = a->end != HL_END_UNFINISHED;

    if (c)
        return c;
    if (af != (b->end != HL_END_UNFINISHED))
        return af ? -1 : 1;
    if (a->elapsed_ms != b->elapsed_ms)
        return a->elapsed_ms > b->elapsed_ms ? -1 : 1;
    if (a->vmhwm != b->vmhwm)
        return a->vmhwm > b->vmhwm ? -1 : 1;
    return a->peak_heap < b->peak_heap ? -1 : 1;
}

static int _cmp_read(const void *va, const void *vb)
{
    const struct hl_proc *a = va, *b = vb;

    return a->peak_heap < b->peak_heap ? -1 : a->peak_heap > b->peak_heap;
}

/* What the sort keeps, in the order read; the notes it makes into want. */
static size_t _sorted_kept(const struct hl_procset *set, struct hl_proc *out,
                           char *want, size_t size)
{
    struct hl_proc *p = malloc(set->count * sizeof(*p));
    size_t kept = 0, repeated = 0, at = 0;

    memcpy(p, set->procs, set->count * sizeof(*p));
    qsort(p, set->count, sizeof(*p), _cmp_sorted);
    for (size_t i = 0, end; i < set->count; i = end) {
        for (end = i + 1; end < set->count && !_cmp_key(&p[i], &p[end]); end++)
            ;
        for (size_t j = i + 1; j < end && p[i].series == HL_NO_SERIES; j++)
            p[i].series = p[j].series;
        if (end - i > 1 && repeated++ < 3)
            at += (size_t)snprintf(
                want + at, size - at,
                "heapline-report: note: %zu records of one process (pid %u "
                "on %s, job %s), counted once\n",
                end - i, p[i].pid, hl_strpool_get(&set->hosts, p[i].host),
                hl_strpool_get(&set->jobs, p[i].job));
        out[kept++] = p[i];
    }
    if (repeated > 3)
        snprintf(want + at, size - at,
                 "heapline-report: note: and %zu more processes with several "
                 "records, each counted once\n",
                 repeated - 3);
    qsort(out, kept, sizeof(*out), _cmp_read);
    free(p);
    return kept;
}

/* hl_drop_duplicates on set, its notes on stderr caught into got. */
static int _drop(struct hl_procset *set, char *got, size_t size)
{
    FILE *caught = tmpfile();
    int saved = dup(2), rc;
    size_t n;

    fflush(stderr);
    dup2(fileno(caught), 2);
    rc = hl_drop_duplicates(set);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(caught);
    n = fread(got, 1, size - 1, caught);
    got[n] = '\0';
    fclose(caught);
    return rc;
}

static void _duplicates(void)
{
    static char want[4096], got[4096];
    struct hl_proc *expect = malloc(NPROCS * sizeof(*expect));
    struct hl_procset set;
    size_t kept;
    int same = 1;

    _random_set(&set);
    kept = _sorted_kept(&set, expect, want, sizeof(want));
    ok(kept < NPROCS / 2,
       "the random set has copies: %zu processes of %d "
       "records",
       kept, NPROCS);
    is_int(_drop(&set, got, sizeof(got)), 0, "the duplicate check runs");
    is_uint(set.count, kept, "as many processes kept as the sort keeps");
    for (size_t i = 0; i < kept && i < set.count && same; i++)
        same = set.procs[i].peak_heap == expect[i].peak_heap &&
               set.procs[i].series == expect[i].series;
    ok(same, "the same record of each, with the same series, in the order "
             "read");
    is_str(got, want, "the same notes, the first three in key order");
    hl_procset_free(&set);
    free(expect);
}

/* An exit of task t on host h for pid pid. */
static void _add_exit(struct hl_procset *set, uint32_t t, uint32_t h,
                      uint32_t pid, uint8_t signal, int8_t oom)
{
    struct hl_task_exit *x = hl_procset_add_exit(set);

    x->task = t;
    x->host = h;
    x->pid = pid;
    x->status = signal ? HL_STATUS_SIGNALED : HL_STATUS_EXITED;
    x->signal = signal;
    x->oom = oom;
    x->exit_code = signal ? -1 : 0;
}

static void _exits(void)
{
    struct hl_procset set;
    size_t ooms = 0;
    int good = 1;

    _random_set(&set);
    hl_drop_duplicates(&set);
    /* An exit of each process: killed (signal 9) for those whose pid ends
     * in 1, ended out of memory with no signal for 3, plain for the others,
     * which changes nothing; then signal 15 for each, which only the plain
     * ones take; then killed tasks with no record, on the hosts in reverse
     * order, and tasks that exited with no record, in reverse order. */
    for (size_t i = 0; i < set.count; i++) {
        const struct hl_proc *p = &set.procs[i];

        _add_exit(&set, (uint32_t)i, p->host, p->pid, p->pid % 10 == 1 ? 9 : 0,
                  p->pid % 10 == 3);
        ooms += p->pid % 10 == 3;
    }
    for (size_t i = 0; i < set.count; i++)
        _add_exit(&set, (uint32_t)i, set.procs[i].host, set.procs[i].pid, 15,
                  0);
    for (uint32_t h = 10; h-- > 0;) {
        _add_exit(&set, 100000 + h, h, 99 - h, 6, 0);
        _add_exit(&set, 200000 + h, h, 199 - h, 0, 0);
    }
    is_int(hl_procset_match_exits(&set), 0, "the exits are matched");
    for (size_t i = 0; i < set.count && good; i++) {
        const struct hl_proc *p = &set.procs[i];
        unsigned want = p->pid % 10 == 1 ? 9 : p->pid % 10 == 3 ? 0 : 15;

        good = p->signal == want && p->oom == (p->pid % 10 == 3);
        if (!good)
            printf("# pid %u: signal %u, oom %u\n", p->pid, p->signal, p->oom);
    }
    ok(good, "each process has the signal of its first exit that tells "
             "something, and its OOM kill");
    is_uint(set.nexits, 20 + ooms,
            "kept: the 10 killed tasks with no record, not the killed copies "
            "of those with one, the 10 unmeasured tasks, not the plain exits "
            "of those with one, and the OOM kills");
    for (uint32_t h = 0; h < 10 && good; h++)
        good = set.nexits > h && set.exits[h].host == h &&
               set.exits[h].task == 100000 + h && !set.exits[h].matched;
    ok(good, "the killed tasks with no record first, by host");
    is_uint(set.nunmeasured, 10, "10 unmeasured tasks");
    ok(hl_procset_unmeasured(&set) == set.exits + 10,
       "the unmeasured tasks after the killed ones");
    for (uint32_t h = 0; h < 10 && good; h++)
        good = set.nexits > 10 + h && set.exits[10 + h].host == h &&
               set.exits[10 + h].task == 200000 + h &&
               !set.exits[10 + h].matched;
    ok(good, "then the unmeasured tasks, by host");
    for (size_t i = 20; i < set.nexits && good; i++)
        good = set.exits[i].oom == 1;
    ok(good, "then the OOM kills");
    hl_procset_free(&set);
}

int main(void)
{
    _duplicates();
    _exits();
    return done_testing();
}

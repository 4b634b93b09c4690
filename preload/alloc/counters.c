/* The slow side of counting (counters.h): the shared totals, the table of
 * the threads whose counters are summed, and the bounds that decide when
 * each thread's counters come here next. */
#include "counters.h"
#include "milestones.h"
#include "record/provisional.h"
#include "process/threads.h"
#include "timeline/timeline_live.h"

#include <pthread.h>
#include <sched.h>
#include <string.h>

/* Threads beyond this many at once come to the slow path at every call
 * and count straight into the shared totals: slower, still exact. */
#define HL_SLOTS 256
/* A thread that found no free slot looks again only after this many
 * calls, so that it does not scan every slot on every call. */
#define HL_SLOT_RETRY 1024
/* A bound that sends every call to the slow path. */
#define HL_EVERY_CALL ((int64_t)1 << 62)

__thread struct hl_thread_counts hl_mine
    __attribute__((tls_model("initial-exec")));
static __thread unsigned _retry_in __attribute__((tls_model("initial-exec")));
int hl_threads_seen;

static struct {
    uint64_t allocs, frees; /* those of threads out of the table */
    int64_t live;           /* the bytes every thread has moved here */
    int64_t peak;
} _totals __attribute__((aligned(64)));

/* The threads whose counters the figures sum. A reader counts itself in
 * before it reads a thread's counters, and a thread that leaves waits
 * for its readers: no one reads its storage once the thread is gone. */
static struct {
    struct hl_thread_counts *counts;
    int readers;
} _table[HL_SLOTS];
static unsigned _table_seen; /* one past the highest slot ever taken */

/* Each thread in the table leaves it when it exits. */
static pthread_key_t _exit_key;
static int _exit_key_state; /* 0 none yet, 1 being made, 2 made, 3 none */

static int64_t _limit(unsigned index)
{
    int64_t peak = __atomic_load_n(&_totals.peak, __ATOMIC_RELAXED);
    int64_t budget = ((int64_t)1 << 20) + peak / 1000;
    int64_t k = (int64_t)index + 1;

    return budget / (k * (k + 1));
}

/* What a thread's counters hold, read at one moment. */
struct _reading {
    int64_t above, below;
    uint64_t allocs, frees;
};

static inline struct _reading _read(const struct hl_thread_counts *t)
{
    struct _reading r;

    r.allocs = __atomic_load_n(&t->allocs, __ATOMIC_RELAXED);
    r.frees = __atomic_load_n(&t->frees, __ATOMIC_RELAXED);
    r.above = __atomic_load_n(&t->above, __ATOMIC_RELAXED);
    r.below = __atomic_load_n(&t->below, __ATOMIC_RELAXED);
    return r;
}

/* The bytes a thread had added since its last slow path at reading r. */
static int64_t _bytes(const struct hl_thread_counts *t, struct _reading r)
{
    uint64_t allocs_then = __atomic_load_n(&t->allocs_then, __ATOMIC_RELAXED);
    uint64_t frees_then = __atomic_load_n(&t->frees_then, __ATOMIC_RELAXED);

    return r.above + __atomic_load_n(&t->bound, __ATOMIC_RELAXED) -
           HL_ALLOC_BIAS * (int64_t)(r.allocs - allocs_then) +
           HL_ALLOC_BIAS * (int64_t)(r.frees - frees_then);
}

/* Sets the counters' bounds, once the bytes of reading r are in the
 * totals. The counters move by the difference, so that calls made since
 * the reading (by a signal handler) stay counted. */
static void _rearm(struct hl_thread_counts *t, struct _reading r, int64_t bound,
                   int64_t room)
{
    t->bound = bound;
    t->room = room;
    t->allocs_then = r.allocs;
    t->frees_then = r.frees;
    hl_add_passes(&t->above, -r.above - bound);
    hl_add_passes(&t->below, -r.below - room);
}

/* A new peak, with threads: several may raise it at once. Returns
 * whether the provisional record is due. */
static int _raise_peak(int64_t live)
{
    int64_t peak = __atomic_load_n(&_totals.peak, __ATOMIC_RELAXED);

    do
        if (live <= peak)
            return 0;
    while (!__atomic_compare_exchange_n(&_totals.peak, &peak, live, 1,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return live >= __atomic_load_n(&hl_milestones.next, __ATOMIC_RELAXED) &&
           hl_milestones_reached(live);
}

/* A thread's counts of allocations and releases, reallocs that moved
 * included, beyond those already in the totals. */
static uint64_t _allocs(const struct hl_thread_counts *t)
{
    return __atomic_load_n(&t->allocs, __ATOMIC_RELAXED) +
           __atomic_load_n(&t->moves, __ATOMIC_RELAXED);
}

static uint64_t _frees(const struct hl_thread_counts *t)
{
    return __atomic_load_n(&t->frees, __ATOMIC_RELAXED) +
           __atomic_load_n(&t->moves, __ATOMIC_RELAXED);
}

/* A thread's counts go into the shared totals (it is out of the table). */
static void _move_counts(struct hl_thread_counts *t)
{
    uint64_t allocs = _allocs(t), frees = _frees(t);

    __atomic_add_fetch(&_totals.allocs, allocs - t->allocs_in_total,
                       __ATOMIC_RELAXED);
    __atomic_add_fetch(&_totals.frees, frees - t->frees_in_total,
                       __ATOMIC_RELAXED);
    t->allocs_in_total = allocs;
    t->frees_in_total = frees;
}

static void _leave_at_exit(void *arg);

static void _watch_exit(struct hl_thread_counts *t)
{
    int state = 0;

    if (__atomic_compare_exchange_n(&_exit_key_state, &state, 1, 0,
                                    __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE))
        __atomic_store_n(&_exit_key_state,
                         pthread_key_create(&_exit_key, _leave_at_exit) ? 3 : 2,
                         __ATOMIC_RELEASE);
    while ((state = __atomic_load_n(&_exit_key_state, __ATOMIC_ACQUIRE)) == 1)
        sched_yield();
    if (state == 2)
        pthread_setspecific(_exit_key, t);
}

/* Takes a free slot of the table, if any. */
static void _join(struct hl_thread_counts *t)
{
    if (_retry_in) {
        _retry_in--;
        return;
    }
    for (unsigned i = 0; i < HL_SLOTS; i++) {
        struct hl_thread_counts *none = NULL;
        unsigned seen;

        if (__atomic_load_n(&_table[i].counts, __ATOMIC_RELAXED) ||
            !__atomic_compare_exchange_n(&_table[i].counts, &none, t, 0,
                                         __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
            continue;
        /* Its counts so far are in the totals already: from here on, the
         * table sums what comes after. */
        _move_counts(t);
        t->slot = i + 1;
        t->limit = _limit(i);
        seen = __atomic_load_n(&_table_seen, __ATOMIC_RELAXED);
        while (seen < i + 1 &&
               !__atomic_compare_exchange_n(&_table_seen, &seen, i + 1, 1,
                                            __ATOMIC_RELEASE, __ATOMIC_RELAXED))
            ;
        _watch_exit(t);
        return;
    }
    _retry_in = HL_SLOT_RETRY;
}

/* The figures now; the caller's own counters are read as they are. */
static void _sum(struct hl_figures *out)
{
    unsigned seen = __atomic_load_n(&_table_seen, __ATOMIC_ACQUIRE);
    int64_t live = __atomic_load_n(&_totals.live, __ATOMIC_RELAXED);

    out->allocs = __atomic_load_n(&_totals.allocs, __ATOMIC_RELAXED);
    out->frees = __atomic_load_n(&_totals.frees, __ATOMIC_RELAXED);
    for (unsigned i = 0; i < seen; i++) {
        struct hl_thread_counts *c =
            __atomic_load_n(&_table[i].counts, __ATOMIC_ACQUIRE);
        int mine = c == &hl_mine;

        if (!c)
            continue;
        if (!mine)
            __atomic_add_fetch(&_table[i].readers, 1, __ATOMIC_SEQ_CST);
        if (mine || __atomic_load_n(&_table[i].counts, __ATOMIC_SEQ_CST) == c) {
            out->allocs += _allocs(c) - __atomic_load_n(&c->allocs_in_total,
                                                        __ATOMIC_RELAXED);
            out->frees += _frees(c) -
                          __atomic_load_n(&c->frees_in_total, __ATOMIC_RELAXED);
            live += _bytes(c, _read(c));
        }
        if (!mine)
            __atomic_sub_fetch(&_table[i].readers, 1, __ATOMIC_RELEASE);
    }
    out->live = live > 0 ? (uint64_t)live : 0;
    out->peak = (uint64_t)__atomic_load_n(&_totals.peak, __ATOMIC_RELAXED);
    /* A peak still held in a thread's counters shows in the live sum. */
    if (out->live > out->peak)
        out->peak = out->live;
    out->peak_time_ns = hl_milestones_peak_time_ns((int64_t)out->peak);
}

static __attribute__((cold, noinline)) void _publish(void)
{
    struct hl_figures f;

    _sum(&f);
    hl_timeline_note_now((int64_t)f.live, f.peak);
    hl_provisional_publish(&f);
}

/* A milestone reached alone: the record, if due, is written once the
 * counters are set again (the figures sum them). */
static __attribute__((cold, noinline)) void
_milestone_alone(struct hl_thread_counts *t, int64_t peak)
{
    if (hl_milestones_reached(peak)) {
        t->limit = _limit(t->slot - 1);
        _publish();
    }
}

/* Alone: the figures are exact. */
static inline __attribute__((always_inline)) void
_count_single(struct hl_thread_counts *t, struct _reading r)
{
    int64_t live = _totals.live + _bytes(t, r);
    /* At the peak (no room below), the first release comes here: the heap
     * just before it was a peak (below holds its bytes and the bias). */
    int64_t before =
        t->room ? live
                : live + r.below -
                      HL_ALLOC_BIAS * (int64_t)(r.frees - t->frees_then);
    int64_t bound, room;
    int milestone = 0;

    _totals.live = live;
    if (before > _totals.peak) {
        _totals.peak = before;
        milestone = before >= hl_milestones.next;
    }
    /* At the peak, the heap grows to the next milestone. When this call
     * reached one, its next is not yet set: the next allocation comes
     * back, which costs one slow path per milestone. */
    if (live >= _totals.peak) {
        bound = hl_milestones.next - 1 - live;
        bound = bound < 0 ? 0 : bound;
        room = 0;
    } else {
        bound = _totals.peak - live;
        room = t->limit;
    }
    _rearm(t, r, bound < t->limit ? bound : t->limit, room);
    if (__builtin_expect(milestone, 0))
        _milestone_alone(t, before);
    /* Last, and from the totals (live is there, alone), so that no
     * register is kept across the calls. */
    hl_timeline_observe(_totals.live, &_totals.peak);
}

/* With threads, or a thread not yet in the table. */
static __attribute__((cold, noinline)) void _count_slow_shared(void)
{
    struct hl_thread_counts *t = &hl_mine;
    struct _reading r;
    int64_t live;

    if (!t->slot)
        _join(t);
    r = _read(t);
    if (hl_single_threaded() && t->slot) {
        _count_single(t, r);
        return;
    }
    hl_threads_seen = 1;
    live = __atomic_add_fetch(&_totals.live, _bytes(t, r), __ATOMIC_RELAXED);
    if (t->slot) {
        t->limit = _limit(t->slot - 1);
        _rearm(t, r, t->limit, t->limit);
    } else {
        _move_counts(t);
        _rearm(t, r, -HL_EVERY_CALL, -HL_EVERY_CALL);
    }
    hl_timeline_observe(live, &_totals.peak);
    if (_raise_peak(live))
        _publish();
}

/* The common case first, as short as it can be: the process has one
 * thread, counted in the table. */
void *hl_count_slow(void *p)
{
    struct hl_thread_counts *t = &hl_mine;

    if (t->in_slow)
        return p;
    t->in_slow = 1;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    if (__builtin_expect(!hl_single_threaded() || !t->slot, 0))
        _count_slow_shared();
    else
        _count_single(t, _read(t));
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    t->in_slow = 0;
    return p;
}

/* Runs at thread exit: the thread's bytes and counts go into the totals,
 * and its slot serves the next thread. Calls it makes later (from other
 * exit hooks) take a slot again, or count straight into the totals. */
static void _leave_at_exit(void *arg)
{
    struct hl_thread_counts *t = arg;
    struct _reading r;
    int64_t live;
    unsigned i;

    if (!t->slot)
        return;
    t->in_slow = 1;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    r = _read(t);
    live = __atomic_add_fetch(&_totals.live, _bytes(t, r), __ATOMIC_RELAXED);
    _raise_peak(live);
    _move_counts(t);
    _rearm(t, r, -HL_EVERY_CALL, -HL_EVERY_CALL);
    i = t->slot - 1;
    t->slot = 0;
    __atomic_store_n(&_table[i].counts, NULL, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&_table[i].readers, __ATOMIC_SEQ_CST))
        sched_yield();
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    t->in_slow = 0;
}

void hl_counters_snapshot(struct hl_figures *out)
{
    _sum(out);
}

void hl_counters_after_fork(void)
{
    struct hl_thread_counts *t = &hl_mine;
    struct hl_figures f;

    _sum(&f);
    memset(&_totals, 0, sizeof(_totals));
    _totals.live = _totals.peak = (int64_t)f.live;
    /* The other threads did not come along into the child; one that was
     * making the exit key never finishes here, so the child makes its
     * own. */
    memset(_table, 0, sizeof(_table));
    _table_seen = 0;
    if (_exit_key_state == 1)
        _exit_key_state = 0;
    t->allocs = t->frees = t->moves = 0;
    t->allocs_in_total = t->frees_in_total = 0;
    if (t->slot) {
        _table[t->slot - 1].counts = t;
        _table_seen = t->slot;
        t->limit = _limit(t->slot - 1);
        _rearm(t, _read(t), 0, t->limit);
    } else {
        _rearm(t, _read(t), -HL_EVERY_CALL, -HL_EVERY_CALL);
    }
    hl_milestones_restart(_totals.peak);
}

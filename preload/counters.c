/* The slow side of counting: thread slots, folding, totals at exit. */
#include "counters.h"
#include "provisional.h"

#include <pthread.h>
#include <string.h>

/* Threads beyond this many at once count straight into the shared totals
 * with atomic operations: slower, still exact. */
#define HL_SLOTS 256

struct hl_totals hl_totals = {.publish_at = INT64_MAX};
__thread struct hl_slot *hl_my_slot __attribute__((tls_model("initial-exec")));

static struct hl_slot _slots[HL_SLOTS];
static unsigned _slots_seen; /* one past the highest slot ever claimed */
static pthread_key_t _slot_key;
static int _have_slot_key;

static int64_t _limit(unsigned index)
{
    int64_t peak = __atomic_load_n(&hl_totals.peak, __ATOMIC_RELAXED);
    int64_t budget = ((int64_t)1 << 20) + peak / 1000;
    int64_t k = (int64_t)index + 1;

    return budget / (k * (k + 1));
}

void hl_stamp_peak(int64_t live)
{
    hl_totals.peak_stamped = live;
    hl_totals.peak_coarse_ns = hl_clock_coarse_ns();
    if (live >= hl_totals.publish_at)
        hl_provisional_publish();
}

static void _raise_peak(int64_t live)
{
    int64_t peak = __atomic_load_n(&hl_totals.peak, __ATOMIC_RELAXED);

    while (live > peak) {
        if (!__atomic_compare_exchange_n(&hl_totals.peak, &peak, live, 1,
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            continue;
        if (live - __atomic_load_n(&hl_totals.peak_stamped, __ATOMIC_RELAXED) >=
            HL_PEAK_TIME_STEP) {
            __atomic_store_n(&hl_totals.peak_stamped, live, __ATOMIC_RELAXED);
            __atomic_store_n(&hl_totals.peak_coarse_ns, hl_clock_coarse_ns(),
                             __ATOMIC_RELAXED);
            if (live >=
                __atomic_load_n(&hl_totals.publish_at, __ATOMIC_RELAXED))
                hl_provisional_publish();
        }
        return;
    }
}

static void _fold(struct hl_slot *slot, int64_t pending)
{
    int64_t live;

    __atomic_store_n(&slot->pending, 0, __ATOMIC_RELAXED);
    live = __atomic_add_fetch(&hl_totals.live, pending, __ATOMIC_RELAXED);
    _raise_peak(live);
    slot->limit = _limit(slot->index);
}

static struct hl_slot *_claim_slot(void)
{
    for (unsigned i = 0; i < HL_SLOTS; i++) {
        struct hl_slot *slot = &_slots[i];
        int free_slot = 0;
        unsigned seen;

        if (__atomic_load_n(&slot->in_use, __ATOMIC_RELAXED) ||
            !__atomic_compare_exchange_n(&slot->in_use, &free_slot, 1, 0,
                                         __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            continue;
        slot->index = i;
        slot->limit = _limit(i);
        seen = __atomic_load_n(&_slots_seen, __ATOMIC_RELAXED);
        while (seen < i + 1 &&
               !__atomic_compare_exchange_n(&_slots_seen, &seen, i + 1, 1,
                                            __ATOMIC_RELEASE, __ATOMIC_RELAXED))
            ;
        return slot;
    }
    return NULL;
}

/* Runs at thread exit: the slot's counts stay for the totals, its live
 * delta goes to the shared total, and the slot serves the next thread. */
static void _release_slot(void *arg)
{
    struct hl_slot *slot = arg;

    if (slot->pending)
        _fold(slot, slot->pending);
    hl_my_slot = NULL;
    __atomic_store_n(&slot->in_use, 0, __ATOMIC_RELEASE);
}

/* A thread that found no free slot looks again only after this many
 * calls, so that it does not scan every slot on every call. */
#define HL_SLOT_RETRY 1024
static __thread unsigned _slot_retry_in
    __attribute__((tls_model("initial-exec")));

static void _count_unslotted(int64_t bytes, unsigned allocs, unsigned frees)
{
    struct hl_slot *slot = NULL;
    int64_t live;

    if (_slot_retry_in)
        _slot_retry_in--;
    else if (!(slot = _claim_slot()))
        _slot_retry_in = HL_SLOT_RETRY;

    if (slot) {
        /* Set before pthread_setspecific, which may itself allocate. */
        hl_my_slot = slot;
        if (_have_slot_key)
            pthread_setspecific(_slot_key, slot);
        hl_count(bytes, allocs, frees);
        return;
    }
    __atomic_add_fetch(&hl_totals.allocs, allocs, __ATOMIC_RELAXED);
    __atomic_add_fetch(&hl_totals.frees, frees, __ATOMIC_RELAXED);
    live = __atomic_add_fetch(&hl_totals.live, bytes, __ATOMIC_RELAXED);
    _raise_peak(live);
}

void hl_count(int64_t bytes, unsigned allocs, unsigned frees)
{
    struct hl_slot *slot;
    int64_t live, pending;

    if (__libc_single_threaded) {
        hl_totals.allocs += allocs;
        hl_totals.frees += frees;
        live = hl_totals.live += bytes;
        if (live > hl_totals.peak) {
            hl_totals.peak = live;
            if (live - hl_totals.peak_stamped >= HL_PEAK_TIME_STEP)
                hl_stamp_peak(live);
        }
        return;
    }
    slot = hl_my_slot;
    if (!slot) {
        _count_unslotted(bytes, allocs, frees);
        return;
    }
    __atomic_store_n(&slot->allocs, slot->allocs + allocs, __ATOMIC_RELAXED);
    __atomic_store_n(&slot->frees, slot->frees + frees, __ATOMIC_RELAXED);
    pending = slot->pending + bytes;
    if (pending > slot->limit || pending < -slot->limit)
        _fold(slot, pending);
    else
        __atomic_store_n(&slot->pending, pending, __ATOMIC_RELAXED);
}

void hl_counters_init(void)
{
    _have_slot_key = pthread_key_create(&_slot_key, _release_slot) == 0;
}

/* Live bytes now, with every slot's delta; the caller's slot is folded. */
static int64_t _live_now(uint64_t *allocs, uint64_t *frees)
{
    struct hl_slot *mine = hl_my_slot;
    unsigned seen = __atomic_load_n(&_slots_seen, __ATOMIC_ACQUIRE);
    int64_t live;

    if (mine && mine->pending)
        _fold(mine, mine->pending);
    *allocs = __atomic_load_n(&hl_totals.allocs, __ATOMIC_RELAXED);
    *frees = __atomic_load_n(&hl_totals.frees, __ATOMIC_RELAXED);
    live = __atomic_load_n(&hl_totals.live, __ATOMIC_RELAXED);
    for (unsigned i = 0; i < seen; i++) {
        *allocs += __atomic_load_n(&_slots[i].allocs, __ATOMIC_RELAXED);
        *frees += __atomic_load_n(&_slots[i].frees, __ATOMIC_RELAXED);
        live += __atomic_load_n(&_slots[i].pending, __ATOMIC_RELAXED);
    }
    return live > 0 ? live : 0;
}

void hl_counters_peek(struct hl_figures *out)
{
    unsigned seen = __atomic_load_n(&_slots_seen, __ATOMIC_ACQUIRE);
    int64_t live = __atomic_load_n(&hl_totals.live, __ATOMIC_RELAXED);

    out->allocs = __atomic_load_n(&hl_totals.allocs, __ATOMIC_RELAXED);
    out->frees = __atomic_load_n(&hl_totals.frees, __ATOMIC_RELAXED);
    for (unsigned i = 0; i < seen; i++) {
        out->allocs += __atomic_load_n(&_slots[i].allocs, __ATOMIC_RELAXED);
        out->frees += __atomic_load_n(&_slots[i].frees, __ATOMIC_RELAXED);
        live += __atomic_load_n(&_slots[i].pending, __ATOMIC_RELAXED);
    }
    out->live = live > 0 ? (uint64_t)live : 0;
    out->peak = (uint64_t)__atomic_load_n(&hl_totals.peak, __ATOMIC_RELAXED);
    out->peak_time_ns = hl_clock_since_start_ns(
        __atomic_load_n(&hl_totals.peak_coarse_ns, __ATOMIC_RELAXED));
}

void hl_counters_snapshot(struct hl_figures *out)
{
    int64_t live = _live_now(&out->allocs, &out->frees);
    int64_t peak = __atomic_load_n(&hl_totals.peak, __ATOMIC_RELAXED);
    int64_t peak_ns =
        __atomic_load_n(&hl_totals.peak_coarse_ns, __ATOMIC_RELAXED);

    /* A peak still held in unfolded deltas shows in the exact live sum. */
    if (live > peak) {
        peak = live;
        peak_ns = hl_clock_coarse_ns();
    }
    out->live = (uint64_t)live;
    out->peak = (uint64_t)peak;
    out->peak_time_ns = hl_clock_since_start_ns(peak_ns);
}

void hl_counters_after_fork(void)
{
    uint64_t allocs, frees;
    int64_t live = _live_now(&allocs, &frees);
    struct hl_slot *mine = hl_my_slot;

    memset(&hl_totals, 0, sizeof(hl_totals));
    hl_totals.publish_at = INT64_MAX;
    hl_totals.live = hl_totals.peak = hl_totals.peak_stamped = live;
    hl_totals.peak_coarse_ns = hl_clock_coarse_ns();
    /* The other threads did not come along into the child. */
    memset(_slots, 0, sizeof(_slots));
    _slots_seen = 0;
    if (mine) {
        unsigned index = (unsigned)(mine - _slots);
        mine->index = index;
        mine->in_use = 1;
        mine->limit = _limit(index);
        _slots_seen = index + 1;
    }
}

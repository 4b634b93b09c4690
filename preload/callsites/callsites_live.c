#include "callsites_live.h"

#include <stddef.h>
#include <sys/mman.h>

/* 2^16 slots of 32 bytes (2 MiB of address space, touched only where
 * blocks land): room for tens of thousands of live samples, 16 GiB of
 * small blocks at the default rate, before windows fill up. */
#define _SLOT_BITS 16
#define _SLOTS (1u << _SLOT_BITS)
#define _WINDOW 32

enum { _EMPTY, _GONE, _BUSY };

uint8_t hl_live_filter[1u << HL_LIVE_FILTER_BITS];

static struct hl_live_block *_slots;
static uint64_t _dropped;

int hl_live_init(void)
{
    void *m;

    if (_slots)
        return 0;
    m = mmap(NULL, _SLOTS * sizeof(*_slots), PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
        return -1;
    _slots = m;
    return 0;
}

static unsigned _home(uintptr_t p)
{
    return (unsigned)(((p >> 4) * 0xc2b2ae3d27d4eb4fULL) >> (64 - _SLOT_BITS));
}

/* A count that reaches 255 stays there: the bucket is then always
 * searched, never wrongly skipped. */
static void _filter_add(const void *p, int delta)
{
    uint8_t *f = &hl_live_filter[hl_live_bucket(p)];
    uint8_t v = __atomic_load_n(f, __ATOMIC_RELAXED);

    while (v != 255 && !(delta < 0 && v == 0) &&
           !__atomic_compare_exchange_n(f, &v, (uint8_t)(v + delta), 1,
                                        __ATOMIC_RELEASE, __ATOMIC_RELAXED))
        ;
}

int hl_live_insert(const struct hl_live_block *b)
{
    unsigned home = _home(b->key);

    for (unsigned i = 0; i < _WINDOW; i++) {
        struct hl_live_block *s = &_slots[(home + i) & (_SLOTS - 1)];
        uintptr_t k = __atomic_load_n(&s->key, __ATOMIC_RELAXED);

        if (k >= _BUSY ||
            !__atomic_compare_exchange_n(&s->key, &k, _BUSY, 0,
                                         __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            continue;
        s->stack = b->stack;
        s->weight = b->weight;
        s->variance = b->variance;
        __atomic_store_n(&s->key, b->key, __ATOMIC_RELEASE);
        _filter_add((const void *)b->key, 1);
        return 0;
    }
    __atomic_add_fetch(&_dropped, 1, __ATOMIC_RELAXED);
    return -1;
}

/* A slot that was never used ends the window: a block is always put in
 * the first slot of its window that was free, and a slot once used is
 * never empty again (_GONE). */
int hl_live_remove(const void *p, struct hl_live_block *out)
{
    uintptr_t key = (uintptr_t)p;
    unsigned home;

    if (!_slots)
        return 0;
    home = _home(key);
    for (unsigned i = 0; i < _WINDOW; i++) {
        struct hl_live_block *s = &_slots[(home + i) & (_SLOTS - 1)];
        uintptr_t k = __atomic_load_n(&s->key, __ATOMIC_ACQUIRE);

        if (k == _EMPTY)
            return 0;
        if (k != key)
            continue;
        *out = *s;
        /* The block's owner frees it once: no other thread takes it. */
        __atomic_store_n(&s->key, _GONE, __ATOMIC_RELEASE);
        _filter_add(p, -1);
        return 1;
    }
    return 0;
}

uint64_t hl_live_dropped(void)
{
    return __atomic_load_n(&_dropped, __ATOMIC_RELAXED);
}

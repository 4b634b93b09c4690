/* Another allocator's size classes and the cache of its recent blocks
 * (foreign.h). */
#define _GNU_SOURCE
#include "foreign.h"
#include "next_symbol.h"

#include <string.h>

uint32_t hl_class[HL_CLASS_MAX / 8 + 1];
uint64_t hl_size_cache[HL_SIZE_CACHE];
int hl_size_cache_on;

/* The allocator's size of malloc(n): jemalloc's and tcmalloc's nallocx,
 * or mimalloc's mi_good_size (it has no nallocx), looked up once at
 * start-up; mi_good_size only where malloc is mimalloc's (mi_malloc), not
 * a mimalloc loaded beside another allocator. */
static size_t (*_nallocx)(size_t, int);
static size_t (*_good_size)(size_t);

static size_t _class_of(size_t n)
{
    return _nallocx ? _nallocx(n, 0) : _good_size(n);
}

/* Classes grow with the size: every request from the smallest of a step
 * to the class of its largest gets that class, if the smallest has it
 * too. So the table is filled class by class, with a few calls each.
 * Then a few blocks check it against malloc_usable_size, and any
 * disagreement leaves it empty. */
static void _fill_class_table(void)
{
    const size_t steps = sizeof(hl_class) / sizeof(hl_class[0]);
    int ok;

    _nallocx = (size_t(*)(size_t, int))hl_next_symbol("nallocx");
    if (!_nallocx && hl_next_symbol("mi_malloc") == (void *)hl_next.malloc)
        _good_size = (size_t(*)(size_t))hl_next_symbol("mi_good_size");
    ok = (_nallocx || _good_size) && hl_next.usable;
    if (!ok)
        return;
    for (size_t i = 1; i < steps;) {
        size_t class = _class_of(8 * i), last = class / 8;

        if (class < 8 * i || _class_of(8 * i - 7) != class ||
            !hl_size_cache_fits(class) || _class_of(class) != class) {
            i++;
            continue;
        }
        for (; i <= last && i < steps; i++)
            hl_class[i] = (uint32_t) class;
    }
    for (size_t i = 0; ok && i < HL_NPROBES; i++) {
        size_t class = hl_foreign_class(hl_probe_sizes[i]);
        void *p = hl_next.malloc(hl_probe_sizes[i]);
        size_t usable = p ? hl_next.usable(p) : 0;

        /* tcmalloc cannot tell the size of its very first block. */
        ok = !class || !usable || class == usable;
        hl_next.free(p);
    }
    if (!ok)
        memset(hl_class, 0, sizeof(hl_class));
}

size_t hl_foreign_usable(void *p)
{
    size_t size;

    if (!hl_next.usable)
        return 0;
    hl_mine.uncounted = 1;
    size = hl_next.usable(p);
    hl_mine.uncounted = 0;
    return size;
}

void hl_foreign_start(void)
{
    _fill_class_table();
    hl_size_cache_on = hl_next.usable != NULL;
}

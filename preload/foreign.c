/* Another allocator's size classes and the cache of its recent blocks
 * (foreign.h). */
#define _GNU_SOURCE
#include "foreign.h"

#include <dlfcn.h>
#include <string.h>

uint32_t hl_class_fine[HL_CLASS_FINE_MAX / 8 + 1];
uint32_t hl_class_coarse[HL_CLASS_MAX / 128 + 1];
uint64_t hl_size_cache[HL_SIZE_CACHE];
int hl_size_cache_on;

/* A step of request sizes gets the class of its largest size if its
 * smallest has the same (classes grow with the size); then a few blocks
 * check the tables against malloc_usable_size, and any disagreement
 * leaves them empty. */
static void _fill_class_tables(void)
{
    size_t (*nallocx)(size_t, int) =
        (size_t(*)(size_t, int))dlsym(RTLD_NEXT, "nallocx");
    int ok = nallocx && hl_next.usable;

    if (!ok)
        return;
    for (size_t i = 1; i < sizeof(hl_class_fine) / sizeof(uint32_t); i++)
        if (nallocx(8 * i - 7, 0) == nallocx(8 * i, 0))
            hl_class_fine[i] = (uint32_t)nallocx(8 * i, 0);
    for (size_t i = HL_CLASS_FINE_MAX / 128 + 1;
         i < sizeof(hl_class_coarse) / sizeof(uint32_t); i++)
        if (nallocx(128 * i - 127, 0) == nallocx(128 * i, 0))
            hl_class_coarse[i] = (uint32_t)nallocx(128 * i, 0);
    for (size_t i = 0; ok && i < HL_NPROBES; i++) {
        size_t class = hl_foreign_class(hl_probe_sizes[i]);
        void *p = hl_next.malloc(hl_probe_sizes[i]);
        size_t usable = p ? hl_next.usable(p) : 0;

        /* tcmalloc cannot tell the size of its very first block. */
        ok = !class || !usable || class == usable;
        hl_next.free(p);
    }
    if (!ok) {
        memset(hl_class_fine, 0, sizeof(hl_class_fine));
        memset(hl_class_coarse, 0, sizeof(hl_class_coarse));
    }
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
    _fill_class_tables();
    hl_size_cache_on = hl_next.usable != NULL;
}

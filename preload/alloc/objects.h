/* The loaded objects (the program, its shared libraries): which one holds
 * an address, for the allocator's resolution (whose functions are whose)
 * and for the allocation sites (frames as module and offset). */
#ifndef HEAPLINE_OBJECTS_H
#define HEAPLINE_OBJECTS_H

#include <stdint.h>

#pragma GCC visibility push(hidden)

struct hl_object {
    uintptr_t start, end; /* its mapping, as the loader made it */
    uintptr_t bias;       /* its load address: offset = address - bias */
    const char *name;     /* its file, "" for the program */
};

/* The object that holds addr: 0, or -1 if none does. No allocation. With
 * glibc 2.35's _dl_find_object, no lock and a few dozen instructions;
 * before the loader has set up its table, and on an older glibc, the
 * loader's list is walked (dl_iterate_phdr: its lock, a few thousand
 * instructions), so that callers that ask often keep what they found. */
int hl_object_find(const void *addr, struct hl_object *obj);

/* The start of the object that holds addr, which tells objects apart; 0
 * if none does. */
uintptr_t hl_object_start(const void *addr);

#pragma GCC visibility pop

#endif

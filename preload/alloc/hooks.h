/* What the rest of the library calls of the entry points (hooks.c). */
#ifndef HEAPLINE_HOOKS_H
#define HEAPLINE_HOOKS_H

#include <stddef.h>

#pragma GCC visibility push(hidden)

/* malloc and free, called without the PLT (the C++ operators). */
void *hl_malloc(size_t size);
void hl_free(void *p);

/* Counts a new block (not NULL, not the bootstrap arena's, not the
 * allocator's own bookkeeping), and with sites on samples it, with what
 * malloc was asked for (0 when it was not malloc's kind of call) and the
 * alignment asked for (0: malloc's): the block, or the tagged copy that
 * replaces it (tagged.h), which keeps that alignment. */
void *hl_count_new(void *p, size_t request, size_t align);

/* With sites on, from now on: the entry points sample. */
void hl_hooks_sampling(void);

#pragma GCC visibility pop

#endif

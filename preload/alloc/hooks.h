/* What the rest of the library calls of the entry points (hooks.c). */
#ifndef HEAPLINE_HOOKS_H
#define HEAPLINE_HOOKS_H

#include <stddef.h>

#pragma GCC visibility push(hidden)

/* malloc and free, called without the PLT (the C++ operators). */
void *hl_malloc(size_t size);
void hl_free(void *p);

/* From now on every call takes the general path (with sites on, it is the
 * one that samples). */
void hl_hooks_general_only(void);

#pragma GCC visibility pop

#endif

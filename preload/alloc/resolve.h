/* The allocator heapline forwards to, decided once: glibc's, whose usable
 * sizes are read from its chunk headers when they agree with its own
 * malloc_usable_size, or another (foreign.h). forward.c finds it,
 * foreign.c learns another's size classes, and this file decides between
 * them before any thread may take the inline paths. */
#ifndef HEAPLINE_RESOLVE_H
#define HEAPLINE_RESOLVE_H

#pragma GCC visibility push(hidden)

/* Returns 1 once the real allocator is known; 0 while it is being looked
 * up (a nested call from dlsym, or another thread meanwhile), in which case
 * the caller serves the call from the bootstrap arena. */
int hl_allocator_resolve(void);

#pragma GCC visibility pop

#endif

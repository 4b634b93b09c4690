/* The exec family, interposed so that the image exec replaces leaves no
 * provisional record (see provisional.h). */
#ifndef HEAPLINE_EXEC_HOOKS_H
#define HEAPLINE_EXEC_HOOKS_H

#pragma GCC visibility push(hidden)

/* Looks up the next exec functions, at start. */
void hl_exec_hooks_init(void);

#pragma GCC visibility pop

#endif

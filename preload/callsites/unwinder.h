/* The unwinder that traces a sampled allocation's stack (libunwind's
 * unw_backtrace, set to cache per thread), and where heapline's own code
 * lies, whose frames a trace leaves out. Each build has its own way to
 * find both: libheapline.so opens libunwind only at a process's first
 * sample and is
 * an object of its own (link/dynamic/), libheapline-static.a is linked
 * with libunwind and lies in one section of the program
 * (link/static/). */
#ifndef HEAPLINE_UNWINDER_H
#define HEAPLINE_UNWINDER_H

#include <stdint.h>

#pragma GCC visibility push(hidden)

typedef int hl_backtrace_fn(void **frames, int max);

/* The unwinder, ready; NULL if there is none. */
hl_backtrace_fn *hl_unwinder_open(void);

/* Whether the unwinder may be opened now, in the middle of whatever
 * allocation takes the first sample: not while the dynamic loader is
 * adding or removing objects, which this very thread may be doing (the
 * sample then waits for a later one). */
int hl_unwinder_may_open(void);

/* heapline's own code: [*start, *end), or nothing (0, 0) if unknown. */
void hl_own_code(uintptr_t *start, uintptr_t *end);

#pragma GCC visibility pop

#endif

/* The unwinder that traces a sampled allocation's stack (libunwind's
 * unw_backtrace, set to cache per thread), and where heapline's own code
 * lies, whose frames a trace leaves out. Each build has its own way to
 * find both: libheapline.so opens libunwind at start (only when sites are
 * on) and is an object of its own (link/dynamic/), libheapline-static.a
 * is linked with libunwind and lies in one section of the program
 * (link/static/). */
#ifndef HEAPLINE_UNWINDER_H
#define HEAPLINE_UNWINDER_H

#include <stdint.h>

#pragma GCC visibility push(hidden)

typedef int hl_backtrace_fn(void **frames, int max);

/* Finds the unwinder, at start, where the dynamic loader's lock can be
 * waited for: 0, or -1 if there is none. */
int hl_unwinder_open(void);

/* The unwinder, set to cache per thread: after hl_unwinder_open, at the
 * first sample, from one thread. Takes no lock of the dynamic loader's,
 * since the first sample may come from a thread that holds a lock which
 * another thread, inside dlopen, waits for. */
hl_backtrace_fn *hl_unwinder_set_up(void);

/* heapline's own code: [*start, *end), or nothing (0, 0) if unknown. */
void hl_own_code(uintptr_t *start, uintptr_t *end);

#pragma GCC visibility pop

#endif

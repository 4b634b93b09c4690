/* The stacks of the sampled allocations, each kept once in a table of
 * fixed size, with the estimated bytes of its live sampled blocks now and
 * at the last peak. */
#ifndef HEAPLINE_CALLSITES_STACKS_H
#define HEAPLINE_CALLSITES_STACKS_H

#include <stdint.h>

#include "callsites_text.h"

#pragma GCC visibility push(hidden)

/* Frames kept per stack, innermost first, the library's own left out: as
 * many as the record holds. */
#define HL_STACK_DEPTH HL_CALLSITE_FRAMES
/* Distinct stacks kept; the samples of any further one are counted in
 * the stack HL_STACK_OTHER, which has no frames. */
#define HL_STACKS 4096
#define HL_STACK_OTHER HL_STACKS
/* Not a stack: marks a block of the library's own in the live table. */
#define HL_STACK_OWN (HL_STACKS + 1)

/* Estimated bytes (the sum of the weights), sampled blocks, and variance
 * (hl_sampler_variance) of a set of sampled blocks. */
struct hl_estimate {
    uint64_t bytes, count, variance;
};

struct hl_stack {
    uint64_t hash; /* 0: free slot, 1: being filled */
    uint32_t depth;
    uint16_t module[HL_STACK_DEPTH]; /* sites_modules.h */
    uintptr_t pc[HL_STACK_DEPTH];
    uintptr_t offset[HL_STACK_DEPTH];
    struct hl_estimate live; /* updated atomically */
    struct hl_estimate at_peak;
};

/* Maps the table (once, from any thread, in a signal handler too): 0, or
 * -1 when it cannot be had. */
int hl_stacks_init(void);

/* Opens the unwinder and finds heapline's own code, at start: 0, or -1
 * when there is no unwinder. */
int hl_stacks_open_unwinder(void);

/* Sets the unwinder up (libunwind caches per thread where it was built
 * with __thread), at the first sample, from one thread, before
 * hl_stack_capture: 1, or 0 while a fork is under way (not now). */
int hl_stacks_set_up_unwinder(void);

/* Around a fork (pthread_atfork): before, waits until no thread is inside
 * the unwinder, whose locks a fork would copy held, and keeps others out
 * until after; after, in the parent and in the child. */
void hl_stacks_before_fork(void);
void hl_stacks_after_fork_parent(void);
void hl_stacks_after_fork_child(void);

/* The return addresses of the caller's stack, innermost first, the frames
 * of libheapline itself skipped: at most HL_STACK_DEPTH into pc; none
 * while a fork is under way. */
unsigned hl_stack_capture(uintptr_t *pc);

/* The index of the stack pc[0..depth) in the table, added if new;
 * HL_STACK_OTHER for none. */
uint32_t hl_stack_intern(const uintptr_t *pc, unsigned depth);

/* A sampled block of stack i comes (sign 1) or goes (sign -1). */
void hl_stack_count(uint32_t i, const struct hl_estimate *e, int sign);

/* The stacks in use: their number, and the index of the n-th (0 while it
 * is being added). */
unsigned hl_stacks_used(void);
uint32_t hl_stack_nth(unsigned n);
/* Stack i; NULL while the table is not mapped (no sample yet). */
struct hl_stack *hl_stack_at(uint32_t i);

#pragma GCC visibility pop

#endif

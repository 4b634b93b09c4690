/* The stack that the exit path runs on.
 *
 * A program may call _exit from a signal handler that runs on a small
 * alternate stack (sigaltstack): a SIGSEGV handler of a program that
 * overflowed its stack, with sysconf(_SC_MINSIGSTKSZ) bytes, leaves a few
 * hundred bytes free. The exit path (everything that lifecycle.c's report
 * reaches) therefore runs on a stack of its own, in the library's memory,
 * claimed once: the caller's stack only holds the switch. What runs there
 * stays within HL_EXIT_STACK_BUDGET bytes of frames, which
 * tests/preload/exit_path_stack_within_budget.py checks from the
 * compiler's call graph (-fcallgraph-info=su); the stack is several times
 * that, for the C library's functions that the path calls. */
#ifndef HEAPLINE_EXIT_STACK_H
#define HEAPLINE_EXIT_STACK_H

/* The frames of the library's own functions on the exit path, summed over
 * its deepest chain of calls, at most. */
#define HL_EXIT_STACK_BUDGET 2048

/* Runs fn on the exit stack, and returns when it returns; on the caller's
 * stack if the switch fails. Once per process: the stack is not shared. */
void hl_run_on_exit_stack(void (*fn)(void));

#endif

#include "exit_stack.h"

#include <ucontext.h>

/* Eight times the budget: the C library's calls at the end of the chain
 * (open, rename, write...) take a few hundred bytes more. */
static char _stack[8 * HL_EXIT_STACK_BUDGET] __attribute__((aligned(64)));
static ucontext_t _caller, _on_stack;

void hl_run_on_exit_stack(void (*fn)(void))
{
    if (getcontext(&_on_stack) < 0) {
        fn();
        return;
    }
    _on_stack.uc_stack.ss_sp = _stack;
    _on_stack.uc_stack.ss_size = sizeof(_stack);
    _on_stack.uc_link = &_caller;
    makecontext(&_on_stack, fn, 0);
    if (swapcontext(&_caller, &_on_stack) < 0)
        fn();
}

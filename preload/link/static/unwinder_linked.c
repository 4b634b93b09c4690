/* libunwind linked in (libheapline-static.a holds what it needs of it,
 * Makefile.am), its calls of pipe2 renamed hl_unwinder_pipe2; heapline's
 * own code
 * is the one section that heapline-static.ld gathers it into, between
 * the two symbols it defines. */
#define _GNU_SOURCE
#include "callsites/unwinder.h"
#include "callsites/unwinder_pipe.h"

#include <unistd.h>

#define UNW_LOCAL_ONLY
#include <libunwind.h>

extern const char hl_code_start[], hl_code_end[];

int hl_unwinder_pipe2(int fds[2], int flags);

int hl_unwinder_pipe2(int fds[2], int flags)
{
    return hl_unwinder_pipe(fds, flags, pipe2);
}

/* Nothing to load. */
int hl_unwinder_open(void)
{
    return 0;
}

hl_backtrace_fn *hl_unwinder_set_up(void)
{
    unw_set_caching_policy(unw_local_addr_space, UNW_CACHE_PER_THREAD);
    return unw_backtrace;
}

void hl_own_code(uintptr_t *start, uintptr_t *end)
{
    *start = (uintptr_t)hl_code_start;
    *end = (uintptr_t)hl_code_end;
}

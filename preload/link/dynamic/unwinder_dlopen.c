/* libunwind opened only when sites are on, so that a machine without it
 * runs everything else; libheapline.so's own code is its mapping. Its
 * pipe2 is the program's, which libheapline.so interposes to give it the
 * pipe that callsites/unwinder_pipe.h makes. */
#define _GNU_SOURCE
#include "callsites/unwinder.h"
#include "alloc/next_symbol.h"
#include "alloc/objects.h"
#include "callsites/unwinder_pipe.h"

#define UNW_LOCAL_ONLY
#include <dlfcn.h>
#include <libunwind.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

/* libunwind's names for the local unwinder. */
#define _STR(x) #x
#define _NAME(x) _STR(x)

static hl_backtrace_fn *_backtrace;
static int (*_set_caching)(unw_addr_space_t, unw_caching_policy_t);
static unw_addr_space_t *_local;
static struct hl_object _libunwind;
static hl_pipe_fn *_next_pipe2;

/* Before any program's code can call pipe2 from a thread or a child that
 * must not meet the loader's lock (the first call would look it up). */
__attribute__((constructor(101))) static void _find_pipe2(void)
{
    _next_pipe2 = (hl_pipe_fn *)hl_next_symbol("pipe2");
}

static int _pipe2(int fds[2], int flags)
{
    return _next_pipe2 ? _next_pipe2(fds, flags)
                       : (int)syscall(SYS_pipe2, fds, flags);
}

/* Exported: the program's pipe2, and libunwind's. */
__attribute__((visibility("default"))) int pipe2(int fds[2], int flags)
{
    uintptr_t caller = (uintptr_t)__builtin_return_address(0);

    if (caller >= _libunwind.start && caller < _libunwind.end)
        return hl_unwinder_pipe(fds, flags, _pipe2);
    return _pipe2(fds, flags);
}

int hl_unwinder_open(void)
{
    void *h = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);

    if (!h)
        h = dlopen("libunwind.so", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return -1;
    _backtrace = (hl_backtrace_fn *)dlsym(h, "unw_backtrace");
    _set_caching = (int (*)(unw_addr_space_t, unw_caching_policy_t))dlsym(
        h, _NAME(unw_set_caching_policy));
    _local = (unw_addr_space_t *)dlsym(h, _NAME(unw_local_addr_space));
    if (!_backtrace || !_set_caching || !_local ||
        hl_object_find((void *)_backtrace, &_libunwind))
        return -1;
    return 0;
}

hl_backtrace_fn *hl_unwinder_set_up(void)
{
    _set_caching(*_local, UNW_CACHE_PER_THREAD);
    return _backtrace;
}

void hl_own_code(uintptr_t *start, uintptr_t *end)
{
    struct hl_object o;

    *start = *end = 0;
    if (hl_object_find((void *)hl_own_code, &o) == 0) {
        *start = o.start;
        *end = o.end;
    }
}

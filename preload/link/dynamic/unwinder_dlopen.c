/* libunwind opened only when sites are on, so that a machine without it
 * runs everything else; libheapline.so's own code is its mapping. */
#define _GNU_SOURCE
#include "callsites/unwinder.h"
#include "alloc/objects.h"

#define UNW_LOCAL_ONLY
#include <dlfcn.h>
#include <libunwind.h>
#include <stddef.h>

/* libunwind's names for the local unwinder. */
#define _STR(x) #x
#define _NAME(x) _STR(x)

static hl_backtrace_fn *_backtrace;
static int (*_set_caching)(unw_addr_space_t, unw_caching_policy_t);
static unw_addr_space_t *_local;

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
    return _backtrace && _set_caching && _local ? 0 : -1;
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

/* libunwind opened only at the first sample, so that a machine without it
 * runs everything else and a process that takes no sample does not pay
 * for it; libheapline.so's own code is its mapping. */
#define _GNU_SOURCE
#include "callsites/unwinder.h"
#include "alloc/objects.h"

#define UNW_LOCAL_ONLY
#include <dlfcn.h>
#include <libunwind.h>
#include <link.h>
#include <stddef.h>

/* libunwind's names for the local unwinder. */
#define _STR(x) #x
#define _NAME(x) _STR(x)

hl_backtrace_fn *hl_unwinder_open(void)
{
    void *h = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
    int (*set_caching)(unw_addr_space_t, unw_caching_policy_t);
    unw_addr_space_t *local;
    hl_backtrace_fn *backtrace;

    if (!h)
        h = dlopen("libunwind.so", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return NULL;
    backtrace = (hl_backtrace_fn *)dlsym(h, "unw_backtrace");
    set_caching = (int (*)(unw_addr_space_t, unw_caching_policy_t))dlsym(
        h, _NAME(unw_set_caching_policy));
    local = (unw_addr_space_t *)dlsym(h, _NAME(unw_local_addr_space));
    if (!backtrace || !set_caching || !local)
        return NULL;
    set_caching(*local, UNW_CACHE_PER_THREAD);
    return backtrace;
}

/* A dlopen from an allocation of the loader itself, halfway through
 * mapping another object (r_state RT_ADD or RT_DELETE), would find its
 * lists half made. */
int hl_unwinder_may_open(void)
{
    return __atomic_load_n(&_r_debug.r_state, __ATOMIC_ACQUIRE) ==
           RT_CONSISTENT;
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

/* Which allocator heapline forwards to, decided once (resolve.h). */
#define _GNU_SOURCE
#include "resolve.h"
#include "clock.h"
#include "foreign.h"
#include "forward.h"
#include "objects.h"

#include <errno.h>
#include <gnu/libc-version.h>

/* Whether fn is glibc's own: tcmalloc, for one, also defines functions
 * named __libc_malloc and __libc_free. */
static int _in_glibc(void *fn)
{
    return fn && hl_object_start(fn) == hl_object_start(gnu_get_libc_version);
}

/* The header shortcut is glibc's own formula; take it only if it agrees
 * with glibc's malloc_usable_size on a few block kinds (it would not with
 * memory tagging, for one). */
static int _glibc_header_agrees(void)
{
    int ok = hl_next.usable != NULL;

    for (size_t i = 0; ok && i < HL_NPROBES; i++) {
        void *p = hl_next.malloc(hl_probe_sizes[i]);
        void *q = hl_next.memalign(4096, hl_probe_sizes[i]);
        if (p)
            ok = hl_glibc_usable(p) == hl_next.usable(p);
        if (q && ok)
            ok = hl_glibc_usable(q) == hl_next.usable(q);
        hl_next.free(p);
        hl_next.free(q);
    }
    return ok;
}

static void _resolve(void)
{
    int saved_errno = errno;

    hl_forward_find();
    if (_in_glibc((void *)hl_next.malloc) && _in_glibc((void *)hl_next.free) &&
        _in_glibc((void *)hl_next.memalign) &&
        _in_glibc((void *)hl_next.usable))
        hl_next.glibc_chunks = _glibc_header_agrees();
    else
        hl_foreign_start();
    errno = saved_errno;
}

int hl_allocator_resolve(void)
{
    int state = HL_UNRESOLVED;

    if (!__atomic_compare_exchange_n(&hl_next.state, &state, HL_RESOLVING, 0,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return state == HL_READY;
    _resolve();
    hl_clock_start();
    /* Opened before the allocator is said to be ready: a thread that sees
     * it ready sees the gate as it will stay. */
    if (hl_next.glibc_chunks)
        __atomic_store_n(&hl_fast_gate, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&hl_next.state, HL_READY, __ATOMIC_RELEASE);
    return 1;
}

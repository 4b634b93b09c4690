/* The interposed allocator entry points. Each forwards to the real
 * allocator and counts what it got back by its usable size.
 *
 * malloc and free, the hottest, have an inline path for the common case
 * (glibc's allocator, a thread slot with room) that needs no stack frame of
 * its own; everything else goes through the general path, out of line. */
#define _GNU_SOURCE
#include "counters.h"
#include "export.h"
#include "forward.h"
#include "sites.h"

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#define _LIKELY(x) __builtin_expect(!!(x), 1)

/* Until the real allocator is known, calls are served from the bootstrap
 * arena. */
#define _READY_OR(fallback)                                                    \
    do {                                                                       \
        if (!hl_forward_ready() && !hl_forward_resolve())                      \
            return fallback;                                                   \
    } while (0)

static inline void *_counted(void *p)
{
    size_t size;

    if (p && !hl_uncounted_call()) {
        if (__builtin_expect(hl_sites_internal, 0)) {
            hl_sites_keep_own(p);
            return p;
        }
        size = hl_usable(p);
        /* Sampled before it is counted: a peak milestone that the count
         * reaches then has the block in its at-peak table. */
        hl_sites_alloc(p, size);
        hl_count_alloc(size);
    }
    return p;
}

static __attribute__((noinline)) void *_malloc_general(size_t size)
{
    _READY_OR(hl_bootstrap_alloc(0, size));
    return _counted(hl_next.malloc(size));
}

HL_EXPORT void *malloc(size_t size)
{
    void *p;

    if (!_LIKELY(hl_next.fast))
        return _malloc_general(size);
    p = hl_next.malloc(size);
    if (_LIKELY(p))
        hl_count_alloc(hl_glibc_usable(p));
    return p;
}

static __attribute__((noinline)) void _free_general(void *p)
{
    size_t size;

    if (!p || hl_in_bootstrap(p))
        return;
    _READY_OR();
    if (hl_uncounted_call()) {
        hl_next.free(p);
        return;
    }
    /* Counted before the release, so that the call to it is the last. */
    if (!hl_sites_free(p)) {
        size = hl_usable(p);
        hl_count_free(size);
    }
    hl_next.free(p);
}

HL_EXPORT void free(void *p)
{
    if (!_LIKELY(hl_next.fast && p && !hl_in_bootstrap(p))) {
        _free_general(p);
        return;
    }
    hl_count_free(hl_glibc_usable(p));
    hl_next.free(p);
}

HL_EXPORT void *calloc(size_t n, size_t size)
{
    size_t total;

    if (__builtin_mul_overflow(n, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    _READY_OR(hl_bootstrap_alloc(0, total));
    return _counted(hl_next.calloc(n, size));
}

/* A block from the bootstrap arena moves out to the real allocator. */
static void *_realloc_bootstrap_block(void *p, size_t size)
{
    size_t old = hl_bootstrap_size(p);
    void *q;

    if (!size)
        return NULL;
    q = malloc(size);
    if (q)
        memcpy(q, p, old < size ? old : size);
    return q;
}

static void *_realloc_bootstrapping(void *p, size_t size)
{
    size_t old = p ? hl_bootstrap_size(p) : 0;
    void *q = hl_bootstrap_alloc(0, size);

    if (q && p)
        memcpy(q, p, old < size ? old : size);
    return q;
}

static __attribute__((noinline)) void *_realloc(void *p, size_t size)
{
    size_t old;
    void *q;

    _READY_OR(_realloc_bootstrapping(p, size));
    if (!p)
        return _counted(hl_next.realloc(NULL, size));
    if (hl_in_bootstrap(p))
        return _realloc_bootstrap_block(p, size);
    if (hl_uncounted_call())
        return hl_next.realloc(p, size);
    /* A sampled block is forgotten before the call: once released, its
     * address may be sampled again by another thread. The library's own
     * blocks stay its own. */
    if (hl_sites_free(p)) {
        q = hl_next.realloc(p, size);
        if (q)
            hl_sites_keep_own(q);
        return q;
    }
    old = hl_usable(p);
    q = hl_next.realloc(p, size);
    if (!q) {
        /* glibc frees the block on realloc(p, 0). */
        if (!size)
            hl_count_free(old);
        return NULL;
    }
    hl_sites_alloc(q, hl_usable(q));
    hl_count_realloc((int64_t)hl_usable(q) - (int64_t)old, q != p);
    return q;
}

/* The inline path: glibc's allocator and a block of its own. */
HL_EXPORT void *realloc(void *p, size_t size)
{
    size_t old;
    void *q;

    if (!_LIKELY(hl_next.fast && p && !hl_in_bootstrap(p)))
        return _realloc(p, size);
    old = hl_glibc_usable(p);
    q = hl_next.realloc(p, size);
    if (_LIKELY(q))
        hl_count_realloc((int64_t)hl_glibc_usable(q) - (int64_t)old, q != p);
    else if (!size)
        hl_count_free(old); /* glibc frees the block on realloc(p, 0) */
    return q;
}

HL_EXPORT void *reallocarray(void *p, size_t n, size_t size)
{
    size_t total;

    if (__builtin_mul_overflow(n, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return _realloc(p, total);
}

static int _valid_posix_alignment(size_t align)
{
    return align && !(align % sizeof(void *)) && !(align & (align - 1));
}

HL_EXPORT int posix_memalign(void **out, size_t align, size_t size)
{
    void *p;
    int rc;

    if (!hl_forward_ready() && !hl_forward_resolve()) {
        if (!_valid_posix_alignment(align))
            return EINVAL;
        p = hl_bootstrap_alloc(align, size);
        if (!p)
            return ENOMEM;
        *out = p;
        return 0;
    }
    rc = hl_next.posix_memalign(out, align, size);
    if (!rc)
        _counted(*out);
    return rc;
}

HL_EXPORT void *aligned_alloc(size_t align, size_t size)
{
    _READY_OR(hl_bootstrap_alloc(align, size));
    return _counted(hl_next.aligned_alloc(align, size));
}

HL_EXPORT void *memalign(size_t align, size_t size)
{
    _READY_OR(hl_bootstrap_alloc(align, size));
    return _counted(hl_next.memalign(align, size));
}

HL_EXPORT void *valloc(size_t size)
{
    _READY_OR(hl_bootstrap_alloc(4096, size));
    return _counted(hl_next.valloc(size));
}

HL_EXPORT void *pvalloc(size_t size)
{
    _READY_OR(hl_bootstrap_alloc(4096, (size + 4095) & ~(size_t)4095));
    return _counted(hl_next.pvalloc(size));
}

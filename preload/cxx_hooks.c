/* C++ operator new and delete. The C++ runtime's call malloc and free,
 * which heapline counts already: then the hooks only pass the call on. An
 * allocator that brings operators of its own (tcmalloc, jemalloc) may serve
 * them without going through malloc, or through it for some: then each
 * hook counts only if nothing was counted during the call.
 *
 * Built with -fexceptions: a throwing operator new of the next object
 * unwinds through these frames. */
#define _GNU_SOURCE
#include "counters.h"
#include "export.h"
#include "forward.h"
#include "sites.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

struct _next_op {
    void *fn;
    int passthrough; /* the C++ runtime's: it reaches malloc and free */
};

static int _is_cxx_runtime(void *fn)
{
    Dl_info info;

    return dladdr(fn, &info) && info.dli_fname &&
           (strstr(info.dli_fname, "libstdc++") ||
            strstr(info.dli_fname, "libc++"));
}

/* The next definition of an operator, looked up on first use. */
static __attribute__((noinline)) void *_lookup(struct _next_op *op,
                                               const char *name)
{
    void *fn = dlsym(RTLD_NEXT, name);

    if (!fn)
        abort(); /* only a C++ program calls these, and it has them */
    op->passthrough = _is_cxx_runtime(fn);
    __atomic_store_n(&op->fn, fn, __ATOMIC_RELEASE);
    return fn;
}

static inline void *_next(struct _next_op *op, const char *name)
{
    void *fn = __atomic_load_n(&op->fn, __ATOMIC_ACQUIRE);

    return __builtin_expect(fn != NULL, 1) ? fn : _lookup(op, name);
}

#define _NEW(name, params, args)                                               \
    HL_EXPORT void *name params                                                \
    {                                                                          \
        static struct _next_op op;                                             \
        void *(*fn)params = (void *(*)params)_next(&op, #name);                \
        uint64_t mark;                                                         \
        void *p;                                                               \
        if (op.passthrough || hl_uncounted_call())                             \
            return fn args;                                                    \
        mark = hl_count_mark(0);                                               \
        p = fn args;                                                           \
        if (p && hl_count_mark(0) == mark) {                                   \
            size_t size_ = hl_usable(p);                                       \
            hl_sites_alloc(p, size_);                                          \
            hl_count_alloc(size_);                                             \
        }                                                                      \
        return p;                                                              \
    }

#define _DELETE(name, params, args)                                            \
    HL_EXPORT void name params                                                 \
    {                                                                          \
        static struct _next_op op;                                             \
        void(*fn) params = (void(*) params)_next(&op, #name);                  \
        uint64_t mark;                                                         \
        size_t size;                                                           \
        if (op.passthrough || !p || hl_uncounted_call()) {                     \
            fn args;                                                           \
            return;                                                            \
        }                                                                      \
        size = hl_sites_free(p) ? 0 : hl_usable(p);                            \
        mark = hl_count_mark(1);                                               \
        fn args;                                                               \
        if (hl_count_mark(1) == mark && size)                                  \
            hl_count_free(size);                                               \
    }

/* The C++ types in the mangled names: std::size_t, std::align_val_t (an
 * enum of size_t), const std::nothrow_t & (a pointer here). */
typedef size_t hl_align_t;
typedef const void *hl_nothrow_t;

_NEW(_Znwm, (size_t n), (n))
_NEW(_Znam, (size_t n), (n))
_NEW(_ZnwmRKSt9nothrow_t, (size_t n, hl_nothrow_t t), (n, t))
_NEW(_ZnamRKSt9nothrow_t, (size_t n, hl_nothrow_t t), (n, t))
_NEW(_ZnwmSt11align_val_t, (size_t n, hl_align_t a), (n, a))
_NEW(_ZnamSt11align_val_t, (size_t n, hl_align_t a), (n, a))
_NEW(_ZnwmSt11align_val_tRKSt9nothrow_t,
     (size_t n, hl_align_t a, hl_nothrow_t t), (n, a, t))
_NEW(_ZnamSt11align_val_tRKSt9nothrow_t,
     (size_t n, hl_align_t a, hl_nothrow_t t), (n, a, t))

_DELETE(_ZdlPv, (void *p), (p))
_DELETE(_ZdaPv, (void *p), (p))
_DELETE(_ZdlPvm, (void *p, size_t n), (p, n))
_DELETE(_ZdaPvm, (void *p, size_t n), (p, n))
_DELETE(_ZdlPvRKSt9nothrow_t, (void *p, hl_nothrow_t t), (p, t))
_DELETE(_ZdaPvRKSt9nothrow_t, (void *p, hl_nothrow_t t), (p, t))
_DELETE(_ZdlPvSt11align_val_t, (void *p, hl_align_t a), (p, a))
_DELETE(_ZdaPvSt11align_val_t, (void *p, hl_align_t a), (p, a))
_DELETE(_ZdlPvmSt11align_val_t, (void *p, size_t n, hl_align_t a), (p, n, a))
_DELETE(_ZdaPvmSt11align_val_t, (void *p, size_t n, hl_align_t a), (p, n, a))
_DELETE(_ZdlPvSt11align_val_tRKSt9nothrow_t,
        (void *p, hl_align_t a, hl_nothrow_t t), (p, a, t))
_DELETE(_ZdaPvSt11align_val_tRKSt9nothrow_t,
        (void *p, hl_align_t a, hl_nothrow_t t), (p, a, t))

/* C++ operator new and delete.
 *
 * The operators that the program reaches next only allocate as malloc
 * does and release as free does, with the new-handler on failure: the C++
 * runtime's (libstdc++'s, libc++'s) call malloc and free, or one another
 * (sized delete calls delete, which calls free); an allocator's own,
 * beside its malloc (jemalloc's, tcmalloc's), serve the call from the
 * heap that its malloc serves. When heapline's malloc and free are the
 * ones the program reaches, the common operators therefore go straight
 * to them ("direct"): one pass through heapline, none through the runtime
 * or the allocator's operators, which see only the calls that fail.
 * Otherwise the runtime's operators are only passed on (they reach malloc
 * and free, counted there), and others are counted around the call unless
 * something was counted during it.
 *
 * Built with -fexceptions: a throwing operator new of the next object
 * unwinds through these frames. */
#define _GNU_SOURCE
#include "counters.h"
#include "alloc/entry.h"
#include "foreign.h"
#include "forward.h"
#include "objects.h"
#include "resolve.h"
#include "hooks.h"
#include "callsites/callsites.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#define _LIKELY(x) __builtin_expect(!!(x), 1)

/* The C++ types in the mangled names: std::size_t, std::align_val_t (an
 * enum of size_t), const std::nothrow_t & (a pointer here). */
typedef size_t hl_align_t;
typedef const void *hl_nothrow_t;

/* Every operator, by its mangled name; the first six are those served
 * directly. */
#define HL_OPERATORS(X)                                                        \
    X(_Znwm)                                                                   \
    X(_Znam)                                                                   \
    X(_ZdlPv)                                                                  \
    X(_ZdaPv)                                                                  \
    X(_ZdlPvm)                                                                 \
    X(_ZdaPvm)                                                                 \
    X(_ZnwmRKSt9nothrow_t)                                                     \
    X(_ZnamRKSt9nothrow_t)                                                     \
    X(_ZnwmSt11align_val_t)                                                    \
    X(_ZnamSt11align_val_t)                                                    \
    X(_ZnwmSt11align_val_tRKSt9nothrow_t)                                      \
    X(_ZnamSt11align_val_tRKSt9nothrow_t)                                      \
    X(_ZdlPvRKSt9nothrow_t)                                                    \
    X(_ZdaPvRKSt9nothrow_t)                                                    \
    X(_ZdlPvSt11align_val_t)                                                   \
    X(_ZdaPvSt11align_val_t)                                                   \
    X(_ZdlPvmSt11align_val_t)                                                  \
    X(_ZdaPvmSt11align_val_t)                                                  \
    X(_ZdlPvSt11align_val_tRKSt9nothrow_t)                                     \
    X(_ZdaPvSt11align_val_tRKSt9nothrow_t)

#define _ENUM(name) _OP##name,
enum { HL_OPERATORS(_ENUM) _NOPS, _NDIRECT = _OP_ZdaPvm + 1 };

#define _NAME(name) #name,
static const char *const _names[_NOPS] = {HL_OPERATORS(_NAME)};

static void *_next[_NOPS];      /* the next definition of each */
static int _passthrough[_NOPS]; /* the C++ runtime's: it reaches malloc */
enum { _UNRESOLVED, _DIRECT, _FORWARD };
static int _mode;

static int _is_cxx_runtime(void *fn)
{
    struct hl_object obj;

    return hl_object_find(fn, &obj) == 0 &&
           (strstr(obj.name, "libstdc++") || strstr(obj.name, "libc++"));
}

/* Whether an operator allocates from the heap that heapline's malloc
 * reaches, and as malloc does. */
static int _same_heap(void *fn)
{
    return fn &&
           (_is_cxx_runtime(fn) ||
            hl_object_start(fn) == hl_object_start((void *)hl_next.malloc));
}

/* Whether the definition of name that the program reaches is ours. */
static int _ours(const char *name)
{
    return hl_object_start(dlsym(RTLD_DEFAULT, name)) ==
           hl_object_start((void *)hl_malloc);
}

/* Every operator looked up at the first call of any. A thread that comes
 * meanwhile looks them up too: the results are the same. A call made
 * while the allocator is being looked up (tcmalloc's operator new, from
 * within its malloc_usable_size that heapline asks then) is passed on,
 * and the mode is chosen at a later call. */
static __attribute__((noinline)) void _resolve(void)
{
    int ready = hl_forward_ready() || hl_allocator_resolve();
    int direct = ready && _ours("malloc") && _ours("free");
    for (int i = 0; i < _NOPS; i++) {
        void *fn = dlsym(RTLD_NEXT, _names[i]);

        _passthrough[i] = fn && _is_cxx_runtime(fn);
        __atomic_store_n(&_next[i], fn, __ATOMIC_RELEASE);
        if (i < _NDIRECT)
            direct = direct && _same_heap(fn) && _ours(_names[i]);
    }
    if (ready)
        __atomic_store_n(&_mode, direct ? _DIRECT : _FORWARD, __ATOMIC_RELEASE);
}

static inline int _direct(void)
{
    return _LIKELY(__atomic_load_n(&_mode, __ATOMIC_ACQUIRE) == _DIRECT);
}

static void *_next_of(int op)
{
    void *fn;

    if (__atomic_load_n(&_mode, __ATOMIC_ACQUIRE) == _UNRESOLVED)
        _resolve();
    fn = __atomic_load_n(&_next[op], __ATOMIC_ACQUIRE);
    if (!fn)
        abort(); /* only a C++ program calls these, and it has them */
    return fn;
}

/* request: the size asked for, where it gives the usable size by the
 * allocator's size classes (operator new without alignment), else 0;
 * align: the alignment asked for, 0 for malloc's. */
#define _NEW(name, params, args, request, align)                               \
    static __attribute__((noinline)) void *name##_forward params               \
    {                                                                          \
        void *(*fn)params = (void *(*)params)_next_of(_OP##name);              \
        uint64_t mark;                                                         \
        void *p;                                                               \
        if (_passthrough[_OP##name] || hl_uncounted_call())                    \
            return fn args;                                                    \
        mark = hl_count_mark(0);                                               \
        p = fn args;                                                           \
        if (p && hl_count_mark(0) == mark)                                     \
            return hl_count_new(p, request, align);                            \
        return p;                                                              \
    }

#define _DELETE(name, params, args, request)                                   \
    static __attribute__((noinline)) void name##_forward params                \
    {                                                                          \
        void(*fn) params = (void(*) params)_next_of(_OP##name);                \
        uint64_t mark;                                                         \
        size_t size;                                                           \
        if (_passthrough[_OP##name] || !p || hl_uncounted_call()) {            \
            fn args;                                                           \
            return;                                                            \
        }                                                                      \
        size = hl_callsites_free(p) ? 0 : hl_released_size(p, request);        \
        mark = hl_count_mark(1);                                               \
        fn args;                                                               \
        if (hl_count_mark(1) == mark && size)                                  \
            hl_count_free_now(size);                                           \
    }

/* Direct: heapline's malloc; on failure the runtime's operator, which
 * calls malloc again, then the new-handler, or throws. */
#define _DIRECT_NEW(name)                                                      \
    _NEW(name, (size_t n), (n), n, 0)                                          \
    HL_EXPORT void *name(size_t n)                                             \
    {                                                                          \
        void *p;                                                               \
        if (_direct() && _LIKELY((p = hl_malloc(n)) != NULL))                  \
            return p;                                                          \
        return name##_forward(n);                                              \
    }

#define _DIRECT_DELETE(name, params, args, request)                            \
    _DELETE(name, params, args, request)                                       \
    HL_EXPORT void name params                                                 \
    {                                                                          \
        if (_direct())                                                         \
            hl_free(p);                                                        \
        else                                                                   \
            name##_forward args;                                               \
    }

#define _FORWARD_NEW(name, params, args, align)                                \
    _NEW(name, params, args, 0, align)                                         \
    HL_EXPORT void *name params                                                \
    {                                                                          \
        return name##_forward args;                                            \
    }

#define _FORWARD_DELETE(name, params, args)                                    \
    _DELETE(name, params, args, 0)                                             \
    HL_EXPORT void name params                                                 \
    {                                                                          \
        name##_forward args;                                                   \
    }

_DIRECT_NEW(_Znwm)
_DIRECT_NEW(_Znam)
_DIRECT_DELETE(_ZdlPv, (void *p), (p), 0)
_DIRECT_DELETE(_ZdaPv, (void *p), (p), 0)
_DIRECT_DELETE(_ZdlPvm, (void *p, size_t n), (p, n), n)
_DIRECT_DELETE(_ZdaPvm, (void *p, size_t n), (p, n), n)

_FORWARD_NEW(_ZnwmRKSt9nothrow_t, (size_t n, hl_nothrow_t t), (n, t), 0)
_FORWARD_NEW(_ZnamRKSt9nothrow_t, (size_t n, hl_nothrow_t t), (n, t), 0)
_FORWARD_NEW(_ZnwmSt11align_val_t, (size_t n, hl_align_t a), (n, a), a)
_FORWARD_NEW(_ZnamSt11align_val_t, (size_t n, hl_align_t a), (n, a), a)
_FORWARD_NEW(_ZnwmSt11align_val_tRKSt9nothrow_t,
             (size_t n, hl_align_t a, hl_nothrow_t t), (n, a, t), a)
_FORWARD_NEW(_ZnamSt11align_val_tRKSt9nothrow_t,
             (size_t n, hl_align_t a, hl_nothrow_t t), (n, a, t), a)

_FORWARD_DELETE(_ZdlPvRKSt9nothrow_t, (void *p, hl_nothrow_t t), (p, t))
_FORWARD_DELETE(_ZdaPvRKSt9nothrow_t, (void *p, hl_nothrow_t t), (p, t))
_FORWARD_DELETE(_ZdlPvSt11align_val_t, (void *p, hl_align_t a), (p, a))
_FORWARD_DELETE(_ZdaPvSt11align_val_t, (void *p, hl_align_t a), (p, a))
_FORWARD_DELETE(_ZdlPvmSt11align_val_t, (void *p, size_t n, hl_align_t a),
                (p, n, a))
_FORWARD_DELETE(_ZdaPvmSt11align_val_t, (void *p, size_t n, hl_align_t a),
                (p, n, a))
_FORWARD_DELETE(_ZdlPvSt11align_val_tRKSt9nothrow_t,
                (void *p, hl_align_t a, hl_nothrow_t t), (p, a, t))
_FORWARD_DELETE(_ZdaPvSt11align_val_tRKSt9nothrow_t,
                (void *p, hl_align_t a, hl_nothrow_t t), (p, a, t))

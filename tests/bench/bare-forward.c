/* The floor of the instruction benchmark: a preload library that interposes
 * the entry points heapline interposes and only forwards each call to the
 * next definition (dlsym(RTLD_NEXT): glibc, jemalloc, tcmalloc, or the C++
 * runtime's operators). What heapline adds is measured beyond it.
 *
 * Each pointer starts at a stub that looks every definition up; the lookup
 * may allocate (dlsym), and those calls are served from a small arena whose
 * blocks the real free must never see: that check is the one thing free
 * does besides forwarding, as every interposer must. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define _ARENA 65536
static char _arena[_ARENA] __attribute__((aligned(64)));
static size_t _arena_used;
static int _resolving;

static void *_arena_alloc(size_t size)
{
    size_t start = _arena_used;

    if (size > _ARENA - start)
        return NULL;
    _arena_used += (size + 15) & ~(size_t)15;
    return _arena + start; /* static storage: already zeroed */
}

static int _in_arena(const void *p)
{
    return (uintptr_t)p - (uintptr_t)_arena < _ARENA;
}

static void _resolve(void);

static void *_malloc_first(size_t size)
{
    if (_resolving)
        return _arena_alloc(size);
    _resolve();
    return malloc(size);
}

static void *_calloc_first(size_t n, size_t size)
{
    if (_resolving)
        return n && size > _ARENA / n ? NULL : _arena_alloc(n * size);
    _resolve();
    return calloc(n, size);
}

static void *_realloc_first(void *p, size_t size)
{
    _resolve();
    return realloc(p, size);
}

static void _free_first(void *p)
{
    (void)p; /* only arena blocks exist before the first lookup */
}

static int _posix_memalign_first(void **out, size_t align, size_t size)
{
    _resolve();
    return posix_memalign(out, align, size);
}

static void *_aligned_first(size_t align, size_t size)
{
    _resolve();
    return aligned_alloc(align, size);
}

static void *_memalign_first(size_t align, size_t size)
{
    _resolve();
    return memalign(align, size);
}

static void *_valloc_first(size_t size)
{
    _resolve();
    return valloc(size);
}

static void *_pvalloc_first(size_t size)
{
    _resolve();
    return pvalloc(size);
}

static struct {
    void *(*malloc)(size_t);
    void *(*calloc)(size_t, size_t);
    void *(*realloc)(void *, size_t);
    void (*free)(void *);
    int (*posix_memalign)(void **, size_t, size_t);
    void *(*aligned_alloc)(size_t, size_t);
    void *(*memalign)(size_t, size_t);
    void *(*valloc)(size_t);
    void *(*pvalloc)(size_t);
} _next = {_malloc_first,   _calloc_first,         _realloc_first,
           _free_first,     _posix_memalign_first, _aligned_first,
           _memalign_first, _valloc_first,         _pvalloc_first};

#define _LOOK_UP(name) (*(void **)&_next.name = dlsym(RTLD_NEXT, #name))

static void _resolve(void)
{
    _resolving = 1;
    _LOOK_UP(malloc);
    _LOOK_UP(calloc);
    _LOOK_UP(realloc);
    _LOOK_UP(free);
    _LOOK_UP(posix_memalign);
    _LOOK_UP(aligned_alloc);
    _LOOK_UP(memalign);
    _LOOK_UP(valloc);
    _LOOK_UP(pvalloc);
    _resolving = 0;
}

void *malloc(size_t size)
{
    return _next.malloc(size);
}

void *calloc(size_t n, size_t size)
{
    return _next.calloc(n, size);
}

void *realloc(void *p, size_t size)
{
    return _next.realloc(p, size);
}

void free(void *p)
{
    if (!_in_arena(p))
        _next.free(p);
}

int posix_memalign(void **out, size_t align, size_t size)
{
    return _next.posix_memalign(out, align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
    return _next.aligned_alloc(align, size);
}

void *memalign(size_t align, size_t size)
{
    return _next.memalign(align, size);
}

void *valloc(size_t size)
{
    return _next.valloc(size);
}

void *pvalloc(size_t size)
{
    return _next.pvalloc(size);
}

/* The C++ operators, looked up on first use (only a C++ program calls
 * them, and its runtime is loaded by then). */
#define _OPERATOR(ret, name, params, args)                                     \
    ret name params                                                            \
    {                                                                          \
        static ret(*next) params;                                              \
        if (!next)                                                             \
            *(void **)&next = dlsym(RTLD_NEXT, #name);                         \
        return next args;                                                      \
    }

typedef size_t align_t;
typedef const void *nothrow_t;

_OPERATOR(void *, _Znwm, (size_t n), (n))
_OPERATOR(void *, _Znam, (size_t n), (n))
_OPERATOR(void *, _ZnwmRKSt9nothrow_t, (size_t n, nothrow_t t), (n, t))
_OPERATOR(void *, _ZnamRKSt9nothrow_t, (size_t n, nothrow_t t), (n, t))
_OPERATOR(void *, _ZnwmSt11align_val_t, (size_t n, align_t a), (n, a))
_OPERATOR(void *, _ZnamSt11align_val_t, (size_t n, align_t a), (n, a))
_OPERATOR(void, _ZdlPv, (void *p), (p))
_OPERATOR(void, _ZdaPv, (void *p), (p))
_OPERATOR(void, _ZdlPvm, (void *p, size_t n), (p, n))
_OPERATOR(void, _ZdaPvm, (void *p, size_t n), (p, n))
_OPERATOR(void, _ZdlPvSt11align_val_t, (void *p, align_t a), (p, a))
_OPERATOR(void, _ZdaPvSt11align_val_t, (void *p, align_t a), (p, a))
_OPERATOR(void, _ZdlPvmSt11align_val_t, (void *p, size_t n, align_t a),
          (p, n, a))
_OPERATOR(void, _ZdaPvmSt11align_val_t, (void *p, size_t n, align_t a),
          (p, n, a))

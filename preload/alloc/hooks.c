/* The interposed allocator entry points. Each forwards to the real
 * allocator and counts what it got back by its usable size.
 *
 * Read top to bottom, the common case of each is: forward; the gate test
 * (glibc's allocator, a block that is not NULL); the chunk header's size
 * and its flags (hl_head_out); the sites' countdown (callsites_sampler.h);
 * the update of counters.h; return or tail call. Everything else leaves
 * by a tail call to a function out of line, so that the common case needs
 * no stack frame beyond the one call to the allocator: another allocator,
 * the bootstrap arena, an mmapped chunk, the slow path of counting. */
#define _GNU_SOURCE
#include "counters.h"
#include "alloc/entry.h"
#include "foreign.h"
#include "forward.h"
#include "resolve.h"
#include "hooks.h"
#include "tagged.h"
#include "callsites/callsites.h"

#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define _LIKELY(x) __builtin_expect(!!(x), 1)
#define _UNLIKELY(x) __builtin_expect(!!(x), 0)
#define _OUT_OF_LINE __attribute__((noinline, cold))

static inline int _fast(const void *p)
{
    return (uintptr_t)p > HL_ONCE_SET(hl_fast_gate);
}

/* Until the real allocator is known, calls are served from the bootstrap
 * arena. */
#define _READY_OR(fallback)                                                    \
    do {                                                                       \
        if (!hl_forward_ready() && !hl_allocator_resolve())                    \
            return fallback;                                                   \
    } while (0)

/* A block that the library keeps as its own: tagged if glibc's heap
 * would not send its release out of line otherwise (tagged.h). align: the
 * alignment asked for, 0 for malloc's. */
static void *_keep_own(void *p, size_t align)
{
    void *q = hl_tag_needed(p) ? hl_tag(p, hl_glibc_usable(p), align) : p;

    if (!q)
        q = p;
    hl_callsites_keep_own(q);
    return q;
}

/* The countdown reached zero at a new block p of size usable bytes,
 * asked with alignment align (0: malloc's): p, or the tagged copy that
 * replaces it, kept if it holds a sample point (or if it is the library's
 * own). */
static _OUT_OF_LINE void *_sampled(void *p, size_t size, size_t align)
{
    void *q;

    if (hl_callsites_internal)
        return _keep_own(p, align);
    if (!hl_callsites_take(&hl_mine.sample_in))
        return p;
    q = hl_tag_needed(p) ? hl_tag(p, size, align) : p;
    /* No copy (no memory, or no room: tagged.h): the sample is dropped. */
    if (!q)
        return p;
    hl_callsites_keep(q, size, &hl_mine.sample_in);
    return q;
}

/* Samples before it counts: a peak milestone that the count reaches then
 * has the block in its at-peak table. The library's own is not counted. */
static _OUT_OF_LINE void *_counted_due(void *p, size_t size, size_t align)
{
    p = _sampled(p, size, align);
    if (!hl_callsites_internal)
        hl_count_alloc_now(size);
    return p;
}

/* Counts, and with sites on samples, a new block (not NULL, not the
 * bootstrap arena's, not the allocator's own bookkeeping) of size usable
 * bytes: the block, or its tagged copy. Another allocator's block that is
 * not sampled goes into the size cache (foreign.h). */
static inline void *_count_sized(void *p, size_t size, size_t align)
{
    if (_UNLIKELY(hl_count_sample_due(size)))
        return _counted_due(p, size, align);
    hl_foreign_enter(p, size);
    hl_count_alloc_now(size);
    return p;
}

/* The same past a closed gate, with what malloc was asked for (0 when it
 * was not malloc's kind of call). */
void *hl_count_new(void *p, size_t request, size_t align)
{
    return _count_sized(p, hl_new_size(p, request), align);
}

/* Counts the release of a block, unless it is the library's own (sites):
 * before the release, so that the call to it is the last. */
static inline void _count_released(void *p)
{
    if (!hl_callsites_free(p))
        hl_count_free_now(hl_released_size(p, 0));
}

/* A new block from any allocator. */
static _OUT_OF_LINE void *_counted_general(void *p, size_t request,
                                           size_t align)
{
    if (p && !hl_in_bootstrap(p) && !hl_uncounted_call())
        return hl_count_new(p, request, align);
    return p;
}

/* An mmapped chunk, or with sites on a large one; or a bootstrap block,
 * if the gate opened while it was served. Its header sends its release
 * out of line already: it is never tagged, whatever its alignment. */
static _OUT_OF_LINE void *_counted_odd(void *p)
{
    if (hl_in_bootstrap(p))
        return p;
    return hl_count_new(p, 0, 0);
}

/* A new block of glibc's, past the gate, asked with alignment align (0:
 * malloc's, a constant that only the sampled path reads). */
static inline void *_counted_glibc(void *p, size_t align)
{
    size_t head = hl_glibc_head(p);

    if (_UNLIKELY(hl_head_leaves(head)))
        return _counted_odd(p);
    if (hl_count_sample_due(hl_glibc_heap_usable(head)))
        return _counted_due(p, hl_glibc_heap_usable(head), align);
    if (_UNLIKELY(hl_count_alloc(hl_glibc_heap_usable(head))))
        return hl_count_slow(p);
    return p;
}

/* A new block from the real allocator. */
static inline void *_counted(void *p, size_t request, size_t align)
{
    if (!_fast(p))
        return _counted_general(p, request, align);
    return _counted_glibc(p, align);
}

/* What malloc and calloc call: first a function that waits for the real
 * allocator, then glibc's own when the inline path applies; otherwise one
 * that counts by itself (so that malloc need not keep the size across the
 * call for it), and with sites on one that also samples. What free calls
 * past a closed gate: a function for every case until then, one for the
 * other allocator's blocks after, or one that knows the sampled blocks. */
static void *_malloc_first(size_t size);
static void *_calloc_first(size_t n, size_t size);
static void _free_general(void *p);
static void *(*_malloc_entry)(size_t) = _malloc_first;
static void *(*_calloc_entry)(size_t, size_t) = _calloc_first;
static void (*_free_entry)(void *) = _free_general;

/* Past the gate, a block of another allocator (or glibc's, when its
 * header is not read). */
static __attribute__((noinline)) void *_malloc_counting(size_t size)
{
    void *p = hl_next.malloc(size);

    if (_LIKELY(p) && !hl_mine.uncounted)
        hl_count_alloc_now(hl_foreign_new_size(p, size));
    return p;
}

static __attribute__((noinline)) void *_calloc_counting(size_t n, size_t size)
{
    void *p = hl_next.calloc(n, size);

    if (_LIKELY(p) && !hl_mine.uncounted)
        hl_count_alloc_now(hl_foreign_new_size(p, n * size));
    return p;
}

static void _free_counting(void *p)
{
    if (!p || hl_in_bootstrap(p))
        return;
    if (!hl_mine.uncounted && hl_count_free(hl_foreign_released_size(p, 0)))
        hl_count_slow(NULL);
    hl_next.free(p);
}

/* With sites on, any allocator's; with the cache, what it does not
 * serve. */
static __attribute__((noinline)) void *_malloc_sampling(size_t size)
{
    void *p = hl_next.malloc(size);

    if (_LIKELY(p) && !hl_mine.uncounted)
        return hl_count_new(p, size, 0);
    return p;
}

static __attribute__((noinline)) void *_calloc_sampling(size_t n, size_t size)
{
    void *p = hl_next.calloc(n, size);

    if (_LIKELY(p) && !hl_mine.uncounted)
        return hl_count_new(p, n * size, 0);
    return p;
}

static void _free_sampling(void *p)
{
    if (!p || hl_in_bootstrap(p))
        return;
    if (!hl_mine.uncounted)
        _count_released(p);
    hl_next.free(p);
}

static void _uncached_from_now(void);

/* The release of a block once threads are seen. */
static _OUT_OF_LINE void _free_uncached(void *p)
{
    _uncached_from_now();
    _free_sampling(p);
}

/* A new block of a request whose class is known (foreign.h), NULL, the
 * allocator's own or one made once threads are seen: counted, and
 * sampled when due, where the common case is not. */
static _OUT_OF_LINE void *_counted_class(void *p, size_t size)
{
    if (hl_threads_seen)
        _uncached_from_now();
    if (_UNLIKELY(!p) || hl_mine.uncounted)
        return p;
    return _count_sized(p, size, 0);
}

/* With the cache, another allocator's block of a request whose class is
 * known: the class is what is kept across the call, and the common case
 * needs no more than the one saved register. The sites' countdown is
 * there as in glibc's inline path; a block that reaches it is not
 * entered. */
static inline void *_cached(void *p, size_t size)
{
    if (_UNLIKELY(!p || hl_mine.uncounted || hl_threads_seen))
        return _counted_class(p, size);
    if (_UNLIKELY(hl_count_sample_due(size)))
        return _counted_due(p, size, 0);
    hl_size_cache_put(p, size);
    if (_UNLIKELY(hl_count_alloc(size)))
        return hl_count_slow(p);
    return p;
}

static void *_malloc_cached(size_t request)
{
    size_t size = hl_foreign_class(request);

    if (_UNLIKELY(!size))
        return _malloc_sampling(request);
    return _cached(hl_next.malloc(request), size);
}

static void *_calloc_cached(size_t n, size_t each)
{
    size_t size = hl_foreign_class(n * each);

    if (_UNLIKELY(!size))
        return _calloc_sampling(n, each);
    return _cached(hl_next.calloc(n, each), size);
}

/* A cached block never is NULL, the bootstrap arena's, sampled or the
 * library's own, and was counted when it was made: its release is counted
 * whatever the call. Any other block takes the path that knows the
 * sampled ones. */
static void _free_cached(void *p)
{
    int64_t counted;

    if (_UNLIKELY(hl_threads_seen)) {
        _free_uncached(p);
        return;
    }
    if (!hl_size_cache_take(p, &counted)) {
        _free_sampling(p);
        return;
    }
    if (_UNLIKELY(hl_count_release(counted))) {
        hl_next.free(hl_count_slow(p));
        return;
    }
    hl_next.free(p);
}

static int _sampling;

/* With glibc's allocator, the inline paths stay: the countdown is in
 * them, and large blocks and tagged ones leave them (tagged.h). With
 * another, the cached entries stay where the cache serves (the countdown
 * is in them too), and every other call takes the general path; until
 * malloc or calloc chooses the entries again, free takes the path that
 * knows sampled blocks: one may come from realloc or memalign meanwhile. */
void hl_hooks_sampling(void)
{
    hl_tagged_start();
    if (HL_ONCE_SET(hl_fast_gate) == 0)
        return;
    __atomic_store_n(&_sampling, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&hl_fast_gate, UINTPTR_MAX, __ATOMIC_RELEASE);
    __atomic_store_n(&_malloc_entry, _malloc_first, __ATOMIC_RELEASE);
    __atomic_store_n(&_calloc_entry, _calloc_first, __ATOMIC_RELEASE);
    __atomic_store_n(&_free_entry, _free_general, __ATOMIC_RELEASE);
}

/* Once threads are seen the cache serves no more (foreign.h): the entries
 * that use it give way to those that do not, unless sites changed them
 * since. */
static _OUT_OF_LINE void _uncached_from_now(void)
{
    int sampling = __atomic_load_n(&_sampling, __ATOMIC_ACQUIRE);
    void *(*malloc_was)(size_t) = _malloc_cached;
    void *(*calloc_was)(size_t, size_t) = _calloc_cached;
    void (*free_was)(void *) = _free_cached;

    __atomic_compare_exchange_n(&_malloc_entry, &malloc_was,
                                sampling ? _malloc_sampling : _malloc_counting,
                                0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
    __atomic_compare_exchange_n(&_calloc_entry, &calloc_was,
                                sampling ? _calloc_sampling : _calloc_counting,
                                0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
    __atomic_compare_exchange_n(&_free_entry, &free_was,
                                sampling ? _free_sampling : _free_counting, 0,
                                __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

static void _choose_entries(void)
{
    int fast = HL_ONCE_SET(hl_fast_gate) == 0;
    int sampling = __atomic_load_n(&_sampling, __ATOMIC_ACQUIRE);
    int cached = hl_size_cache_serves();

    __atomic_store_n(&_malloc_entry,
                     fast       ? hl_next.malloc
                     : cached   ? _malloc_cached
                     : sampling ? _malloc_sampling
                                : _malloc_counting,
                     __ATOMIC_RELEASE);
    __atomic_store_n(&_calloc_entry,
                     fast       ? hl_next.calloc
                     : cached   ? _calloc_cached
                     : sampling ? _calloc_sampling
                                : _calloc_counting,
                     __ATOMIC_RELEASE);
    if (!fast)
        __atomic_store_n(&_free_entry,
                         cached     ? _free_cached
                         : sampling ? _free_sampling
                                    : _free_counting,
                         __ATOMIC_RELEASE);
}

static void *_malloc_first(size_t size)
{
    _READY_OR(hl_bootstrap_alloc(0, size));
    _choose_entries();
    return HL_ONCE_SET(_malloc_entry)(size);
}

/* calloc has checked n * size for overflow. */
static void *_calloc_first(size_t n, size_t size)
{
    _READY_OR(hl_bootstrap_alloc(0, n * size));
    _choose_entries();
    return HL_ONCE_SET(_calloc_entry)(n, size);
}

/* malloc and free are defined under hidden names, which the C++
 * operators (cxx_hooks.c) call without the PLT, and exported as aliases.
 * Past a closed gate, malloc's block is counted already (or NULL, or the
 * bootstrap arena's). */
void *hl_malloc(size_t size)
{
    void *p = HL_ONCE_SET(_malloc_entry)(size);

    if (!_fast(p))
        return p;
    return _counted_glibc(p, 0);
}

HL_EXPORT void *HL_ENTRY(malloc)(size_t size)
    __attribute__((alias("hl_malloc")));

/* glibc's mmapped chunks, and every block before the allocator is
 * known. */
static _OUT_OF_LINE void _free_general(void *p)
{
    if (!p || hl_in_bootstrap(p))
        return;
    _READY_OR();
    if (!hl_uncounted_call())
        _count_released(p);
    hl_next.free(hl_untagged(p));
}

static _OUT_OF_LINE void _free_after_slow(void *p)
{
    hl_next.free(hl_count_slow(p));
}

void hl_free(void *p)
{
    size_t head;

    if (!_fast(p)) {
        HL_ONCE_SET(_free_entry)(p);
        return;
    }
    head = hl_glibc_head(p);
    if (_UNLIKELY(hl_head_leaves(head))) {
        _free_general(p);
        return;
    }
    if (_UNLIKELY(hl_count_free(hl_glibc_heap_usable(head)))) {
        _free_after_slow(p);
        return;
    }
    hl_next.free(p);
}

HL_EXPORT void HL_ENTRY(free)(void *p) __attribute__((alias("hl_free")));

HL_EXPORT void *HL_ENTRY(calloc)(size_t n, size_t size)
{
    size_t total;
    void *p;

    if (__builtin_mul_overflow(n, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    p = HL_ONCE_SET(_calloc_entry)(n, size);
    if (!_fast(p))
        return p;
    return _counted_glibc(p, 0);
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

/* The countdown reached zero at q, what realloc made of p (old usable
 * bytes): q of new usable bytes, or its tagged copy. */
static _OUT_OF_LINE void *_realloc_due(void *p, void *q, size_t old, size_t new)
{
    q = _sampled(q, new, 0);
    if (hl_callsites_internal) {
        hl_count_free_now(old);
        return q;
    }
    if (hl_count_realloc((int64_t) new - (int64_t)old, q != p))
        return hl_count_slow(q);
    return q;
}

/* A tagged block is not glibc's to resize: it is moved, by the library's
 * own malloc (which may tag the new block) and a release. The library's
 * own blocks stay its own. */
static _OUT_OF_LINE void *_realloc_tagged(void *p, size_t size)
{
    size_t old = hl_glibc_usable(p);
    int own = hl_callsites_free(p);
    void *q = NULL;

    if (size) {
        if (own)
            hl_callsites_own_begin(&hl_mine.sample_in);
        q = hl_malloc(size);
        if (own)
            hl_callsites_own_end(&hl_mine.sample_in);
        if (!q) {
            if (own)
                hl_callsites_keep_own(p);
            return NULL;
        }
        memcpy(q, p, old < size ? old : size);
    }
    if (!own)
        hl_count_free_now(old);
    hl_next.free(hl_untagged(p));
    return q;
}

static _OUT_OF_LINE void *_realloc_general(void *p, size_t size)
{
    size_t old, new;
    void *q;

    _READY_OR(_realloc_bootstrapping(p, size));
    if (!p)
        return _counted(hl_next.realloc(NULL, size), size, 0);
    if (hl_in_bootstrap(p))
        return _realloc_bootstrap_block(p, size);
    if (hl_uncounted_call())
        return hl_next.realloc(p, size);
    if (hl_next.glibc_chunks && hl_tagged_head(hl_glibc_head(p)))
        return _realloc_tagged(p, size);
    /* A sampled block is forgotten before the call: once released, its
     * address may be sampled again by another thread. The library's own
     * blocks stay its own. */
    if (hl_callsites_free(p)) {
        q = hl_next.realloc(p, size);
        return q ? _keep_own(q, 0) : NULL;
    }
    old = hl_released_size(p, 0);
    q = hl_next.realloc(p, size);
    if (!q) {
        /* glibc frees the block on realloc(p, 0). */
        if (!size)
            hl_count_free_now(old);
        return NULL;
    }
    new = hl_new_size(q, 0);
    if (hl_count_sample_due(new))
        return _realloc_due(p, q, old, new);
    hl_foreign_enter(q, new);
    if (hl_count_realloc((int64_t) new - (int64_t)old, q != p))
        return hl_count_slow(q);
    return q;
}

/* The same from realloc's inline path, which keeps p's header as read
 * (was) rather than its usable size: one instruction less there. */
static _OUT_OF_LINE void *_realloc_due_glibc(void *p, void *q, size_t was)
{
    return _realloc_due(p, q, hl_glibc_heap_usable(was), hl_glibc_usable(q));
}

/* What the inline path leaves: a failure, or a block that came back
 * mmapped (or with sites on, large); p's header as read was. */
static _OUT_OF_LINE void *_realloc_rest(void *p, void *q, size_t was,
                                        size_t size)
{
    size_t old = hl_glibc_heap_usable(was), new;

    if (!q) {
        if (!size)
            hl_count_free_now(old); /* glibc frees the block */
        return NULL;
    }
    new = hl_glibc_usable(q);
    if (hl_count_sample_due(new))
        return _realloc_due(p, q, old, new);
    if (hl_count_realloc((int64_t) new - (int64_t)old, q != p))
        return hl_count_slow(q);
    return q;
}

HL_EXPORT void *HL_ENTRY(realloc)(void *p, size_t size)
{
    size_t was, head, old;
    int64_t delta;
    void *q;

    if (!_fast(p) || hl_head_leaves(was = hl_glibc_head(p)))
        return _realloc_general(p, size);
    /* The header as read is what is kept across the call: one register. */
    q = hl_next.realloc(p, size);
    if (_UNLIKELY(!q || hl_head_leaves(head = hl_glibc_head(q))))
        return _realloc_rest(p, q, was, size);
    if (hl_count_sample_due(hl_glibc_heap_usable(head)))
        return _realloc_due_glibc(p, q, was);
    old = hl_glibc_heap_usable(was);
    delta = (int64_t)hl_glibc_heap_usable(head) - (int64_t)old;
    if (q != p)
        hl_count_move();
    if (delta > 0) {
        if (_UNLIKELY(hl_count_grow(delta)))
            return hl_count_slow(q);
    } else if (_UNLIKELY(hl_count_shrink(delta))) {
        return hl_count_slow(q);
    }
    return q;
}

HL_EXPORT void *HL_ENTRY(reallocarray)(void *p, size_t n, size_t size)
{
    size_t total;

    if (__builtin_mul_overflow(n, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(p, total);
}

static int _valid_posix_alignment(size_t align)
{
    return align && !(align % sizeof(void *)) && !(align & (align - 1));
}

HL_EXPORT int HL_ENTRY(posix_memalign)(void **out, size_t align, size_t size)
{
    void *p;
    int rc;

    if (!hl_forward_ready() && !hl_allocator_resolve()) {
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
        *out = _counted(*out, 0, align);
    return rc;
}

HL_EXPORT void *HL_ENTRY(aligned_alloc)(size_t align, size_t size)
{
    _READY_OR(hl_bootstrap_alloc(align, size));
    return _counted(hl_next.aligned_alloc(align, size), 0, align);
}

HL_EXPORT void *HL_ENTRY(memalign)(size_t align, size_t size)
{
    _READY_OR(hl_bootstrap_alloc(align, size));
    return _counted(hl_next.memalign(align, size), 0, align);
}

/* The page is the system's: 4 KiB on x86-64, often 64 KiB on aarch64. */
static size_t _page(void)
{
    return (size_t)sysconf(_SC_PAGESIZE);
}

HL_EXPORT void *HL_ENTRY(valloc)(size_t size)
{
    _READY_OR(hl_bootstrap_alloc(_page(), size));
    return _counted(hl_next.valloc(size), 0, _page());
}

HL_EXPORT void *HL_ENTRY(pvalloc)(size_t size)
{
    _READY_OR(
        hl_bootstrap_alloc(_page(), (size + _page() - 1) & ~(_page() - 1)));
    return _counted(hl_next.pvalloc(size), 0, _page());
}

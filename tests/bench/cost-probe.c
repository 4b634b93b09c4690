/* Cost probes: throw-away preload libraries that each add one ingredient of
 * a heap tracker's hot path to plain forwarding, so that the benchmark can
 * tell what each one costs. They count nothing anyone reads. PROBE_LEVEL:
 *   0  forwarding alone, through glibc's __libc_malloc family;
 *   1  + malloc_usable_size() on every call, summed per thread;
 *   2  + the sum kept in one shared counter with a locked add instead;
 *   3  + clock_gettime(CLOCK_MONOTONIC) at every new peak.
 * glibc only: the probes forward to glibc whatever else is loaded. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static __thread int64_t _mine __attribute__((tls_model("initial-exec")));
static int64_t _shared, _peak;
static struct timespec _peak_time;

static inline void _count(void *p, int sign)
{
    if (PROBE_LEVEL < 1 || !p)
        return;
    int64_t size = sign * (int64_t)malloc_usable_size(p);
    if (PROBE_LEVEL < 2) {
        _mine += size;
        return;
    }
    int64_t live = __atomic_add_fetch(&_shared, size, __ATOMIC_RELAXED);
    if (PROBE_LEVEL >= 3 && live > _peak) {
        _peak = live;
        clock_gettime(CLOCK_MONOTONIC, &_peak_time);
    }
}

void *malloc(size_t size)
{
    void *p = __libc_malloc(size);
    _count(p, 1);
    return p;
}

void *calloc(size_t n, size_t size)
{
    void *p = __libc_calloc(n, size);
    _count(p, 1);
    return p;
}

void free(void *p)
{
    _count(p, -1);
    __libc_free(p);
}

void *realloc(void *p, size_t size)
{
    _count(p, -1);
    void *q = __libc_realloc(p, size);
    _count(q ? q : (size ? p : NULL), 1);
    return q;
}

void *memalign(size_t align, size_t size)
{
    void *p = __libc_memalign(align, size);
    _count(p, 1);
    return p;
}

void *aligned_alloc(size_t align, size_t size)
{
    return memalign(align, size);
}

void *valloc(size_t size)
{
    return memalign(4096, size);
}

void *pvalloc(size_t size)
{
    return memalign(4096, (size + 4095) & ~(size_t)4095);
}

int posix_memalign(void **out, size_t align, size_t size)
{
    if (!align || align % sizeof(void *) || align & (align - 1))
        return EINVAL;
    void *p = memalign(align, size);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

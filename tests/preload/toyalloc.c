/* A stand-in for jemalloc or tcmalloc: an allocator found after heapline in
 * the lookup order, whose blocks have no glibc chunk header. Bump
 * allocation in one mapping; free keeps the memory (tests are short).
 * Usable sizes are multiples of 32, unlike glibc's, and the word before a
 * block is not a glibc chunk header. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#define ARENA ((size_t)1 << 32)

static char *base;
static size_t used;

struct head {
    size_t usable;
    size_t magic; /* where glibc keeps its chunk size */
};

static void *_alloc(size_t align, size_t size)
{
    size_t usable = (size + 31) & ~(size_t)31, start, end, cur;
    struct head *h;

    if (align < 32)
        align = 32;
    if (!base) {
        void *m = mmap(NULL, ARENA, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        char *none = NULL;
        if (m == MAP_FAILED)
            return NULL;
        if (!__atomic_compare_exchange_n(&base, &none, (char *)m, 0,
                                         __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            munmap(m, ARENA);
    }
    cur = __atomic_load_n(&used, __ATOMIC_RELAXED);
    do {
        start = (cur + sizeof(struct head) + align - 1) & ~(align - 1);
        end = start + usable;
        if (size > ARENA || end > ARENA) {
            errno = ENOMEM;
            return NULL;
        }
    } while (!__atomic_compare_exchange_n(&used, &cur, end, 1, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED));
    h = (struct head *)(base + start) - 1;
    h->usable = usable;
    h->magic = 0x5a5a5a5a5a5a5a5aull;
    return base + start;
}

static size_t _usable(void *p)
{
    return p ? ((struct head *)p - 1)->usable : 0;
}

size_t malloc_usable_size(void *p)
{
    return _usable(p);
}

void *malloc(size_t size)
{
    return _alloc(0, size);
}

void free(void *p)
{
    (void)p;
}

void *calloc(size_t n, size_t size)
{
    size_t total;

    if (__builtin_mul_overflow(n, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return _alloc(0, total); /* fresh mapping: already zero */
}

void *realloc(void *p, size_t size)
{
    void *q;

    /* Never through malloc, which heapline interposes. */
    if (!p)
        return _alloc(0, size);
    if (!size)
        return NULL;
    if (size <= _usable(p))
        return p;
    q = _alloc(0, size);
    if (q)
        memcpy(q, p, _usable(p));
    return q;
}

void *memalign(size_t align, size_t size)
{
    return _alloc(align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
    return _alloc(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
    void *p;

    if (!align || align % sizeof(void *) || align & (align - 1))
        return EINVAL;
    p = _alloc(align, size);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

void *valloc(size_t size)
{
    return _alloc(4096, size);
}

void *pvalloc(size_t size)
{
    return _alloc(4096, (size + 4095) & ~(size_t)4095);
}

/* glibc's internal names too, as tcmalloc defines them: heapline must not
 * take the allocator for glibc's on their strength. */
void *__libc_malloc(size_t size)
{
    return _alloc(0, size);
}

void __libc_free(void *p)
{
    (void)p;
}

void *__libc_memalign(size_t align, size_t size)
{
    return _alloc(align, size);
}

/* C++ operators of its own, as tcmalloc and jemalloc have: they serve new
 * without calling malloc. (A failure returns NULL instead of throwing; the
 * tests never fail.) */
void *_Znwm(size_t n)
{
    return _alloc(0, n);
}

void *_Znam(size_t n)
{
    return _alloc(0, n);
}

void *_ZnwmSt11align_val_t(size_t n, size_t align)
{
    return _alloc(align, n);
}

void *_ZnamSt11align_val_t(size_t n, size_t align)
{
    return _alloc(align, n);
}

#define _TOY_DELETE(name, ...)                                                 \
    void name(void *p, ##__VA_ARGS__)                                          \
    {                                                                          \
        (void)p;                                                               \
    }

_TOY_DELETE(_ZdlPv)
_TOY_DELETE(_ZdaPv)
_TOY_DELETE(_ZdlPvm, size_t n __attribute__((unused)))
_TOY_DELETE(_ZdaPvm, size_t n __attribute__((unused)))
_TOY_DELETE(_ZdlPvSt11align_val_t, size_t a __attribute__((unused)))
_TOY_DELETE(_ZdaPvSt11align_val_t, size_t a __attribute__((unused)))
_TOY_DELETE(_ZdlPvmSt11align_val_t, size_t n __attribute__((unused)),
            size_t a __attribute__((unused)))
_TOY_DELETE(_ZdaPvmSt11align_val_t, size_t n __attribute__((unused)),
            size_t a __attribute__((unused)))

/* Finding the real allocator, and serving the calls made meanwhile. */
#define _GNU_SOURCE
#include "forward.h"
#include "next_symbol.h"

#include <errno.h>
#include <string.h>

/* glibc exports these under GLIBC_2.2.5 but declares them nowhere. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

struct hl_next hl_next;
uintptr_t hl_fast_gate = UINTPTR_MAX;

char hl_bootstrap_arena[HL_BOOTSTRAP_SIZE] __attribute__((aligned(64)));
static size_t _bootstrap_used;

/* Each bootstrap block is preceded by its size, shifted past the flag
 * bits of a glibc chunk header, with HL_HEAD_ODD set: the inline paths
 * then leave it out of line, where it is recognised. A block is aligned
 * in memory, not in the arena, which is aligned to 64 bytes only (a page
 * of 64 KiB, aarch64's, may then not fit). */
void *hl_bootstrap_alloc(size_t align, size_t size)
{
    const size_t head = 16;
    const uintptr_t base = (uintptr_t)hl_bootstrap_arena;
    size_t start, end, used, word = size << 3 | HL_HEAD_ODD;

    if (align < head)
        align = head;
    if (align & (align - 1) || align > HL_BOOTSTRAP_SIZE ||
        size > HL_BOOTSTRAP_SIZE)
        return NULL;
    used = __atomic_load_n(&_bootstrap_used, __ATOMIC_RELAXED);
    do {
        start = ((base + used + head + align - 1) & ~(align - 1)) - base;
        end = start + ((size + 15) & ~(size_t)15);
        if (end > HL_BOOTSTRAP_SIZE)
            return NULL;
    } while (!__atomic_compare_exchange_n(&_bootstrap_used, &used, end, 1,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    memcpy(hl_bootstrap_arena + start - sizeof(word), &word, sizeof(word));
    return hl_bootstrap_arena + start; /* static storage: already zeroed */
}

size_t hl_bootstrap_size(const void *p)
{
    return hl_glibc_head(p) >> 3;
}

const size_t hl_probe_sizes[HL_NPROBES] = {1, 24, 100, 1000, 5000, 70000};

static int _posix_memalign_fallback(void **out, size_t align, size_t size)
{
    void *p;

    if (align % sizeof(void *) || align & (align - 1) || !align)
        return EINVAL;
    p = hl_next.memalign(align, size);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

#define _NEXT(name, fallback)                                                  \
    do {                                                                       \
        void *sym = hl_next_symbol(#name);                                     \
        hl_next.name = sym ? (__typeof__(hl_next.name))sym : (fallback);       \
    } while (0)

void hl_forward_find(void)
{
    _NEXT(malloc, __libc_malloc);
    _NEXT(calloc, __libc_calloc);
    _NEXT(realloc, __libc_realloc);
    _NEXT(free, __libc_free);
    _NEXT(memalign, __libc_memalign);
    _NEXT(posix_memalign, _posix_memalign_fallback);
    _NEXT(aligned_alloc, hl_next.memalign);
    _NEXT(valloc, __libc_valloc);
    _NEXT(pvalloc, __libc_pvalloc);
    hl_next.usable = (size_t(*)(void *))hl_next_symbol("malloc_usable_size");
}

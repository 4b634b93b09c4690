/* The allocator that heapline forwards every call to: glibc's, or another
 * one (jemalloc, tcmalloc...) found after heapline in the lookup order. */
#ifndef HEAPLINE_FORWARD_H
#define HEAPLINE_FORWARD_H

#include <stddef.h>
#include <stdint.h>

/* Internal symbols are hidden, so that the hot path reaches them without
 * going through the GOT. */
#pragma GCC visibility push(hidden)

enum { HL_UNRESOLVED, HL_RESOLVING, HL_READY };

struct hl_next {
    int state;        /* HL_UNRESOLVED..HL_READY */
    int glibc_chunks; /* usable size read from glibc's chunk header */
    int fast;         /* ready, and glibc's: the hooks' inline path */
    void *(*malloc)(size_t);
    void *(*calloc)(size_t, size_t);
    void *(*realloc)(void *, size_t);
    void (*free)(void *);
    void *(*memalign)(size_t, size_t);
    int (*posix_memalign)(void **, size_t, size_t);
    void *(*aligned_alloc)(size_t, size_t);
    void *(*valloc)(size_t);
    void *(*pvalloc)(size_t);
    size_t (*usable)(void *);
};

extern struct hl_next hl_next;

/* Small static arena that serves the calls made while the real allocator
 * is being looked up (dlsym itself allocates). Its blocks are never freed
 * and never counted. */
extern char hl_bootstrap_arena[];
#define HL_BOOTSTRAP_SIZE 65536

/* Returns 1 once the real allocator is known; 0 while it is being looked
 * up (a nested call from dlsym, or another thread meanwhile), in which case
 * the caller serves the call from the bootstrap arena. */
int hl_forward_resolve(void);

void *hl_bootstrap_alloc(size_t align, size_t size);
size_t hl_bootstrap_size(const void *p);

static inline int hl_forward_ready(void)
{
    return __builtin_expect(
        __atomic_load_n(&hl_next.state, __ATOMIC_ACQUIRE) == HL_READY, 1);
}

static inline int hl_in_bootstrap(const void *p)
{
    return (uintptr_t)p - (uintptr_t)hl_bootstrap_arena < HL_BOOTSTRAP_SIZE;
}

/* Usable size of an mmapped chunk of glibc's, from its header: rare, out of
 * line, so that the common case is a test and a branch. */
size_t hl_glibc_mmapped_usable(size_t head) __attribute__((cold, noinline));

/* Usable size of a live block of glibc's: read from the chunk header, as
 * glibc's own malloc_usable_size does (checked against it at start-up). */
static inline size_t hl_glibc_usable(void *p)
{
    size_t head = ((size_t *)p)[-1];

    if (__builtin_expect(head & 2, 0))
        return hl_glibc_mmapped_usable(head);
    return (head & ~(size_t)7) - sizeof(size_t);
}

/* Set while another allocator's malloc_usable_size runs: tcmalloc's may
 * allocate for itself (with operator new, the first time), and what it
 * allocates there is its own bookkeeping, neither counted nor measured. */
extern __thread int hl_in_foreign_usable
    __attribute__((tls_model("initial-exec")));

size_t hl_foreign_usable(void *p);

/* Usable size of a live block of the real allocator, whichever it is; 0 if
 * it cannot say. */
static inline size_t hl_usable(void *p)
{
    if (hl_next.glibc_chunks)
        return hl_glibc_usable(p);
    return hl_foreign_usable(p);
}

/* Whether a call is the real allocator's own, made from within
 * hl_foreign_usable: such calls are forwarded and not counted. */
static inline int hl_uncounted_call(void)
{
    return !hl_next.glibc_chunks && hl_in_foreign_usable;
}

#pragma GCC visibility pop

#endif

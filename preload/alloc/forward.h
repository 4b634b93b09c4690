/* The allocator that heapline forwards every call to: glibc's, or another
 * one (jemalloc, tcmalloc...) found after heapline in the lookup order; and
 * the usable size of its blocks. */
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

/* A block p takes the entry points' inline path when (uintptr_t)p is
 * above this: 0 once the allocator is known to be glibc's (then every
 * block but NULL), all ones before and with any other allocator (no
 * block). One comparison tests both. */
extern uintptr_t hl_fast_gate;

/* Loads of what is set once, while other threads may already run: they
 * pair with the release stores that set it. On x86-64, where every load
 * acquires, a plain read, which the compiler folds into the instruction
 * that uses it. */
#if defined(__x86_64__)
#define HL_ONCE_SET(x) (x)
#else
#define HL_ONCE_SET(x) __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#endif

/* Small static arena that serves the calls made while the real allocator
 * is being looked up (dlsym itself allocates). Its blocks are never freed
 * and never counted. */
extern char hl_bootstrap_arena[];
#define HL_BOOTSTRAP_SIZE 65536

/* The next allocator's functions looked up, each with glibc's own as the
 * fallback (resolve.c decides, once, what to make of them). */
void hl_forward_find(void);

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

/* The word before a block of glibc's: its chunk's size, and flags in the
 * three low bits. HL_HEAD_ODD (glibc's IS_MMAPPED) marks the blocks that
 * the inline paths leave out of line: mmapped chunks, whose usable size is
 * computed otherwise, and the bootstrap arena's blocks, whose header sets
 * it too. */
#define HL_HEAD_ODD 2

static inline size_t hl_glibc_head(const void *p)
{
    return ((const size_t *)p)[-1];
}

/* Usable size of a chunk that is not mmapped, from its header, as glibc's
 * own malloc_usable_size computes it (checked against it at start-up). */
static inline size_t hl_glibc_heap_usable(size_t head)
{
    return (head & ~(size_t)7) - sizeof(size_t);
}

/* Usable size of any live block of glibc's. */
static inline size_t hl_glibc_usable(const void *p)
{
    size_t head = hl_glibc_head(p);

    if (__builtin_expect(head & HL_HEAD_ODD, 0))
        return (head & ~(size_t)7) - 2 * sizeof(size_t);
    return hl_glibc_heap_usable(head);
}

/* A few sizes of the kinds of block a program asks for, to check a
 * shortcut against the allocator's malloc_usable_size at start-up. */
#define HL_NPROBES 6
extern const size_t hl_probe_sizes[HL_NPROBES];

#pragma GCC visibility pop

#endif

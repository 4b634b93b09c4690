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

/* The loaded object that holds a function; NULL if none. */
struct link_map;
struct link_map *hl_object_of(const void *fn);

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

/* Set while another allocator's malloc_usable_size runs: tcmalloc's may
 * allocate for itself (with operator new, the first time), and what it
 * allocates there is its own bookkeeping, neither counted nor measured. */
extern __thread int hl_in_foreign_usable
    __attribute__((tls_model("initial-exec")));

/* Usable size of a live block of another allocator; 0 if it cannot say. */
size_t hl_foreign_usable(void *p);

/* Usable sizes of another allocator's malloc(n), from its nallocx at
 * start-up: by 8-byte steps of n up to 1 KiB, by 128-byte steps up to
 * 64 KiB, 0 where one size class does not cover a whole step. Reading
 * them is cheaper than asking the allocator about the block. */
#define HL_CLASS_FINE_MAX 1024
#define HL_CLASS_MAX 65536
extern uint32_t hl_class_fine[HL_CLASS_FINE_MAX / 8 + 1];
extern uint32_t hl_class_coarse[HL_CLASS_MAX / 128 + 1];

/* What another allocator's malloc(request) returns; 0 where unknown. */
static inline size_t hl_foreign_class(size_t request)
{
    if (request <= HL_CLASS_FINE_MAX)
        return hl_class_fine[(request + 7) / 8];
    if (request <= HL_CLASS_MAX)
        return hl_class_coarse[(request + 127) / 128];
    return 0;
}

/* Usable size of a live block of the real allocator, whichever it is; 0 if
 * it cannot say. request, when not 0, is what malloc was asked for. */
static inline size_t hl_usable(void *p, size_t request)
{
    size_t size;

    if (hl_next.glibc_chunks)
        return hl_glibc_usable(p);
    if (request && (size = hl_foreign_class(request)))
        return size;
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

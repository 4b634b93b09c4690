/* Counting: allocations, releases, the live heap and its peak.
 *
 * Every thread counts into a block of its own thread-local storage: its
 * allocations, its releases, and the bytes it has added to the live heap
 * since it last ran the slow path. The hot path is one update, the same
 * whatever the number of threads: a count and one or two byte counters
 * advanced, and a branch to the slow path (counters.c) when a counter
 * passes zero. The slow path moves the bytes into the shared total, checks
 * the peak, calls the milestones, and sets the counters' next bounds:
 *
 * - while the process has one thread, the figures are exact: below its
 *   peak, the bound above is the peak, so that a new peak comes to the
 *   slow path; at its peak, the heap may grow up to the next milestone,
 *   and there is no room below, so that the first release comes to the
 *   slow path, with the peak just before it;
 * - once threads exist, thread k (from 0) may hold up to B / ((k+1)(k+2))
 *   bytes either way, B = 1 MiB + 0.1% of the peak: all threads together
 *   hold less than B, so the peak seen in the shared total is within B of
 *   the true one (doc/format.md, Threads);
 *
 * and in both cases the next milestone (milestones.h) is a bound too.
 * Counts and bytes of every thread are summed at exit: they are exact. */
#ifndef HEAPLINE_COUNTERS_H
#define HEAPLINE_COUNTERS_H

#include "callsites/callsites_sampler.h"

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

/* Each allocation adds this much more than its usable size to `above`,
 * each release takes this much more from `above` and adds it to `below`,
 * and the slow path takes it back, knowing how many there were: with
 * glibc's allocator, usable size plus this is the chunk size that the
 * header holds, so the hot paths of malloc and free use it as read.
 * Counting more only makes the slow path come sooner. */
#define HL_ALLOC_BIAS ((int64_t)sizeof(size_t))

struct hl_thread_counts {
    /* Bytes added since the last slow path (with HL_ALLOC_BIAS per
     * allocation, less HL_ALLOC_BIAS per release), minus the bound above:
     * the slow path runs when this passes zero. */
    int64_t above;
    /* Bytes released since the last slow path (with HL_ALLOC_BIAS per
     * release), minus the room below: idem. Allocations (and reallocs that
     * grow) leave it alone: it then passes zero somewhat early, which costs a
     * slow path and no accuracy. */
    int64_t below;
    uint64_t allocs, frees;   /* since the thread started counting */
    uint64_t moves;           /* reallocs that moved: one of each */
    uint64_t allocs_then;     /* allocs at the last slow path */
    uint64_t frees_then;      /* frees at the last slow path */
    uint64_t allocs_in_total; /* the part of allocs + moves in the totals */
    uint64_t frees_in_total;  /* and of frees + moves */
    /* The bound above, as set: above + bound = bytes since the last slow
     * path, plus HL_ALLOC_BIAS per allocation since, less HL_ALLOC_BIAS
     * per release since. */
    int64_t bound;
    int64_t room; /* the room below, as set; 0 at the peak */
    /* The sites' countdown (callsites_sampler.h): here, so that the hot
     * path reaches it from the same thread pointer as the counters. */
    int64_t sample_in;
    int64_t limit; /* the most this thread may hold either way */
    unsigned slot; /* its index in the table of threads, plus 1; 0: none */
    int uncounted; /* calls made meanwhile are the allocator's own
                      (foreign.h): forwarded, not counted */
    int in_slow;   /* the slow path is running (a signal handler's call
                      that reaches it leaves its bytes for the next) */
};

extern __thread struct hl_thread_counts hl_mine
    __attribute__((tls_model("initial-exec")));

/* Set by the slow path the first time it runs in a process that has
 * threads (every new thread comes to it at its first call), and never
 * cleared. */
extern int hl_threads_seen;

/* Every update of a counter is one that a signal handler cannot split: a
 * handler that allocates or frees on the same thread, between a load and
 * a store of the counter, would have its own update overwritten. On
 * x86-64 that is one instruction that adds to memory and sets the flags,
 * and a branch on them (where the compiler alone would load, add, store
 * and test). On aarch64 it is an exclusive load and store, which fails
 * and is tried again when anything came between them: the return from a
 * signal handler clears the exclusive monitor. Elsewhere, an atomic
 * update. */
#if defined(__aarch64__)
/* counter = counter OP v, flags set by OP: in ldxr/stxr, tried again
 * until no exception came between them. */
#define HL_EXCLUSIVE(op, counter, v, flag)                                     \
    do {                                                                       \
        int64_t now_;                                                          \
        unsigned failed_;                                                      \
                                                                               \
        __asm__ __volatile__("1: ldxr %0, %3\n\t" op " %0, %0, %4\n\t"         \
                             "stxr %w1, %0, %3\n\tcbnz %w1, 1b"                \
                             : "=&r"(now_), "=&r"(failed_), "=@ccgt"(flag),    \
                               "+Q"(*(counter))                                \
                             : "rI"(v));                                       \
    } while (0)
#endif

/* counter += v, and whether counter is now above zero. */
static inline __attribute__((always_inline)) int hl_add_passes(int64_t *counter,
                                                               int64_t v)
{
    int above;

#if defined(__x86_64__)
    __asm__ __volatile__("addq %2, %0"
                         : "+m"(*counter), "=@ccg"(above)
                         : "er"(v));
#elif defined(__aarch64__)
    HL_EXCLUSIVE("adds", counter, v, above);
#else
    above = __atomic_add_fetch(counter, v, __ATOMIC_RELAXED) > 0;
#endif
    return above;
}

/* counter -= v, and whether counter is now above zero, as above. */
static inline __attribute__((always_inline)) int hl_sub_passes(int64_t *counter,
                                                               int64_t v)
{
    int above;

#if defined(__x86_64__)
    __asm__ __volatile__("subq %2, %0"
                         : "+m"(*counter), "=@ccg"(above)
                         : "er"(v));
#elif defined(__aarch64__)
    HL_EXCLUSIVE("subs", counter, v, above);
#else
    above = __atomic_sub_fetch(counter, v, __ATOMIC_RELAXED) > 0;
#endif
    return above;
}

/* ++counter, as above. On x86-64 the compiler's own increment is one
 * instruction that adds to memory, and the code around it is laid out
 * better than around an asm statement. */
static inline __attribute__((always_inline)) void hl_add_one(uint64_t *counter)
{
#if defined(__x86_64__)
    ++*counter;
#elif defined(__aarch64__)
    int unused;

    HL_EXCLUSIVE("adds", (int64_t *)counter, 1, unused);
    (void)unused;
#else
    __atomic_add_fetch(counter, 1, __ATOMIC_RELAXED);
#endif
}

/* The hot-path updates, the only ones. Each returns whether the slow
 * path is due; the caller then calls hl_count_slow() once it no longer
 * needs its registers, so that the common case needs no stack frame. */
static inline int hl_count_alloc(size_t size)
{
    hl_add_one(&hl_mine.allocs);
    return hl_add_passes(&hl_mine.above, (int64_t)size + HL_ALLOC_BIAS);
}

/* A release counted as its usable size plus HL_ALLOC_BIAS: glibc's chunk
 * size as read, or the size cache's entry (foreign.h). */
static inline int hl_count_release(int64_t counted)
{
    hl_add_one(&hl_mine.frees);
    hl_sub_passes(&hl_mine.above, counted);
    return hl_add_passes(&hl_mine.below, counted);
}

static inline int hl_count_free(size_t size)
{
    return hl_count_release((int64_t)size + HL_ALLOC_BIAS);
}

/* Subtracts a new block of size usable bytes from the sites' countdown:
 * whether it reached zero, and the block holds a sample point. */
static inline int hl_count_sample_due(size_t size)
{
    return __builtin_expect(
        !hl_sub_passes(&hl_mine.sample_in, (int64_t)size + HL_SAMPLE_PAD), 0);
}

/* A realloc: the heap grows by delta >= 0, or shrinks by -delta; one that
 * moved the block also counts one allocation and one release. Apart, so
 * that the inline path of realloc branches on each counter's flags. */
static inline int hl_count_grow(int64_t delta)
{
    return hl_add_passes(&hl_mine.above, delta);
}

static inline int hl_count_shrink(int64_t delta)
{
    hl_add_passes(&hl_mine.above, delta);
    return hl_sub_passes(&hl_mine.below, delta);
}

static inline void hl_count_move(void)
{
    hl_add_one(&hl_mine.moves);
}

static inline int hl_count_realloc(int64_t delta, int moved)
{
    if (moved)
        hl_count_move();
    return delta > 0 ? hl_count_grow(delta) : hl_count_shrink(delta);
}

/* The slow path. It returns p, whatever that is, so that an entry point
 * that has a block to return can end with a tail call to it. */
void *hl_count_slow(void *p) __attribute__((noinline));

/* For the paths where a stack frame costs nothing. */
static inline void hl_count_alloc_now(size_t size)
{
    if (hl_count_alloc(size))
        hl_count_slow(NULL);
}

static inline void hl_count_free_now(size_t size)
{
    if (hl_count_free(size))
        hl_count_slow(NULL);
}

/* A mark that changes when this thread's allocations (or, with frees set,
 * releases) are counted: comparing it around a call tells whether the
 * call went through heapline's own entry points. */
static inline uint64_t hl_count_mark(int frees)
{
    return frees ? hl_mine.frees : hl_mine.allocs;
}

/* What the record and the summary line report. */
struct hl_figures {
    uint64_t allocs, frees, peak, live;
    int64_t peak_time_ns; /* since the library started */
};

/* The figures now, every thread's counters summed, as exact as threads
 * running meanwhile allow. */
void hl_counters_snapshot(struct hl_figures *out);

/* In a forked child: counting starts again from the heap it inherited. */
void hl_counters_after_fork(void);

#pragma GCC visibility pop

#endif

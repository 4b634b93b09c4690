/* 4 threads in a ring: each makes 50,000 blocks of 16 B to 4 KiB (and
 * every 500th of 80 KiB, past the size classes that heapline knows
 * without asking), holds each while it makes 8,192 more, and then hands
 * it to the next thread, which grows half of them with realloc and frees
 * them all. So every block is released by another thread than the one
 * that made it, at once on every core, while more than 32,768 are live:
 * what heapline counts of a release (its size, or with sites on a sample
 * taken out of the sites' table, callsites_live.h) must not depend on
 * which thread made the block. Each thread keeps 10 blocks. Allocs, frees
 * and live at exit must be exact; the baseline run starts and joins the
 * same threads without the blocks. */
#include "expect.h"

#include <pthread.h>
#include <sched.h>

#define THREADS 4
#define BLOCKS 50000
#define KEPT 10
#define HELD 8192
#define QUEUE 16384

struct queue {
    pthread_mutex_t lock;
    void *slot[QUEUE];
    unsigned head, count;
};

/* What a thread did, summed by main once all are joined. */
struct tally {
    uint64_t allocs, frees;
    int64_t live;
};

static struct queue queues[THREADS];
static struct tally tallies[THREADS];
static void *held[THREADS][HELD];
static int blocks, producing = THREADS;

static int _push(struct queue *q, void *p)
{
    int pushed = 0;

    pthread_mutex_lock(&q->lock);
    if (q->count < QUEUE) {
        q->slot[(q->head + q->count++) % QUEUE] = p;
        pushed = 1;
    }
    pthread_mutex_unlock(&q->lock);
    return pushed;
}

static void *_pop(struct queue *q)
{
    void *p = NULL;

    pthread_mutex_lock(&q->lock);
    if (q->count) {
        p = q->slot[q->head];
        q->head = (q->head + 1) % QUEUE;
        q->count--;
    }
    pthread_mutex_unlock(&q->lock);
    return p;
}

/* Frees what the previous thread handed over; every other block is
 * grown first. How many it took. */
static int _drain(struct queue *q, struct tally *t, unsigned *seed)
{
    int taken = 0;
    void *p;

    while ((p = _pop(q))) {
        size_t was = malloc_usable_size(p);

        *seed = *seed * 1103515245u + 12345u;
        if (*seed >> 31) {
            void *r = realloc(p, was + 8 + (*seed >> 16) % 512);

            if (!r)
                expect_fail("realloc");
            if (r != p) {
                t->allocs++;
                t->frees++;
            }
            t->live += (int64_t)malloc_usable_size(r) - (int64_t)was;
            p = r;
        }
        t->frees++;
        t->live -= (int64_t)malloc_usable_size(p);
        free(p);
        taken++;
    }
    return taken;
}

/* Hands p to the next thread. A full queue waits for that thread, which
 * drains its own meanwhile: no thread waits on one that waits on it. */
static void _hand_over(struct queue *next, void *p, struct queue *mine,
                       struct tally *t, unsigned *seed)
{
    while (!_push(next, p)) {
        _drain(mine, t, seed);
        sched_yield();
    }
}

static void *_work(void *arg)
{
    int me = (int)(intptr_t)arg;
    struct queue *mine = &queues[me], *next = &queues[(me + 1) % THREADS];
    struct tally *t = &tallies[me];
    unsigned seed = (unsigned)me * 2654435761u + 7;

    for (int i = 0; i < blocks; i++) {
        void **slot = &held[me][i % HELD];
        size_t size;
        char *p;

        seed = seed * 1103515245u + 12345u;
        size = i % 500 == 499 ? 80 << 10 : 16 + (seed >> 16) % 4081;
        if (!(p = malloc(size)))
            expect_fail("malloc");
        p[0] = 1;
        t->allocs++;
        t->live += (int64_t)malloc_usable_size(p);
        if (*slot)
            _hand_over(next, *slot, mine, t, &seed);
        *slot = p;
        if (i % 64 == 0)
            _drain(mine, t, &seed);
    }
    for (int i = 0; i < HELD; i++)
        if (held[me][i])
            _hand_over(next, held[me][i], mine, t, &seed);
    __atomic_sub_fetch(&producing, 1, __ATOMIC_ACQ_REL);
    /* Once no thread hands over more, one empty drain is the last. */
    for (;;) {
        int last = !__atomic_load_n(&producing, __ATOMIC_ACQUIRE);

        if (!_drain(mine, t, &seed)) {
            if (last)
                break;
            sched_yield();
        }
    }
    for (int i = 0; i < KEPT && blocks; i++) {
        void *p = calloc(1, 100 + 10 * (size_t)i);

        if (!p)
            expect_fail("calloc");
        t->allocs++;
        t->live += (int64_t)malloc_usable_size(p);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t threads[THREADS];

    blocks = expect_baseline(argc, argv) ? 0 : BLOCKS;
    for (int i = 0; i < THREADS; i++)
        pthread_mutex_init(&queues[i].lock, NULL);
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&threads[i], NULL, _work, (void *)(intptr_t)i))
            expect_fail("pthread_create");
    for (int i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);
    for (int i = 0; i < THREADS; i++) {
        if (queues[i].count)
            expect_fail("a block was left in a queue");
        expect_allocs += tallies[i].allocs;
        expect_frees += tallies[i].frees;
        expect_live += tallies[i].live;
    }
    /* The peak is checked by threads_peak_within_bound. */
    expect_peak = -1;
    expect_print();
    return 0;
}

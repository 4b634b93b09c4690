/* 8 threads, at the same time, each allocate 16 blocks of 4,000 B and free
 * them, 100,000 times over: each comes to the counters' slow path every few
 * blocks, where a process taken for single-threaded would sum its counts
 * into the shared totals unguarded, and, with two CPUs or more, lose some.
 * allocs, frees and live at exit must be exact. Built with THREADS_C11=1,
 * it starts its threads with C11's thrd_create, which glibc does not route
 * through pthread_create by its name. */
#include "expect.h"

#include <pthread.h>
#include <threads.h>

#define THREADS 8
#define ROUNDS 100000
#define BLOCKS 16
#define BLOCK_SIZE 4000

static int rounds;

static void _work(void)
{
    void *blocks[BLOCKS];

    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < BLOCKS; i++)
            if (!(blocks[i] = malloc(BLOCK_SIZE)))
                expect_fail("malloc");
        for (int i = 0; i < BLOCKS; i++)
            free(blocks[i]);
    }
}

#if THREADS_C11
typedef thrd_t _thread;

static int _run(void *arg)
{
    (void)arg;
    _work();
    return 0;
}

static void _start(_thread *thread)
{
    if (thrd_create(thread, _run, NULL) != thrd_success)
        expect_fail("thrd_create");
}

static void _join(_thread thread)
{
    thrd_join(thread, NULL);
}
#else
typedef pthread_t _thread;

static void *_run(void *arg)
{
    (void)arg;
    _work();
    return NULL;
}

static void _start(_thread *thread)
{
    if (pthread_create(thread, NULL, _run, NULL))
        expect_fail("pthread_create");
}

static void _join(_thread thread)
{
    pthread_join(thread, NULL);
}
#endif

int main(int argc, char **argv)
{
    _thread threads[THREADS];

    rounds = expect_baseline(argc, argv) ? 0 : ROUNDS;
    for (int i = 0; i < THREADS; i++)
        _start(&threads[i]);
    for (int i = 0; i < THREADS; i++)
        _join(threads[i]);
    expect_allocs = expect_frees = (uint64_t)THREADS * BLOCKS * rounds;
    /* The peak is checked by threads_peak_within_bound. */
    expect_peak = -1;
    expect_print();
    return 0;
}

/* 64 threads each allocate 100 KiB in 4 KB blocks, all wait until every
 * thread holds its blocks, then all free them. The true peak is the sum of
 * the blocks over the baseline's; heapline's per-thread deltas may hide at
 * most 1 MiB + 0.1% of the peak, so the peak it reports must lie within
 * that bound. Without the bound, up to 6.4 MiB would be hidden. */
#include "expect.h"

#include <pthread.h>

#define THREADS 64
#define BLOCKS 25
#define BLOCK_SIZE 4000

static int blocks;
static int64_t held[THREADS];
static pthread_barrier_t all_hold, all_seen;

static void *_work(void *arg)
{
    int me = (int)(intptr_t)arg;
    void *mine[BLOCKS];

    for (int i = 0; i < blocks; i++) {
        mine[i] = malloc(BLOCK_SIZE);
        held[me] += (int64_t)malloc_usable_size(mine[i]);
    }
    pthread_barrier_wait(&all_hold);
    pthread_barrier_wait(&all_seen);
    for (int i = 0; i < blocks; i++)
        free(mine[i]);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t threads[THREADS];

    blocks = expect_baseline(argc, argv) ? 0 : BLOCKS;
    expect_peak_bounded = 1;
    pthread_barrier_init(&all_hold, NULL, THREADS + 1);
    pthread_barrier_init(&all_seen, NULL, THREADS + 1);
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&threads[i], NULL, _work, (void *)(intptr_t)i))
            expect_fail("pthread_create");
    pthread_barrier_wait(&all_hold);
    for (int i = 0; i < THREADS; i++)
        expect_peak += held[i];
    pthread_barrier_wait(&all_seen);
    for (int i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);
    expect_allocs = (uint64_t)THREADS * (uint64_t)blocks;
    expect_frees = expect_allocs;
    expect_print();
    return 0;
}

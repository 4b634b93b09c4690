/* 8 threads each make 200,000 malloc/free pairs of sizes 16..512 B and
 * leave 10 blocks live: allocs, frees and live at exit must be exact. The
 * baseline run starts and joins the same threads without the pairs, so the
 * driver can subtract what glibc allocates for threads. */
#include "expect.h"

#include <pthread.h>

#define THREADS 8
#define PAIRS 200000
#define KEPT 10

static int pairs;
static int64_t kept_bytes[THREADS];

static void *_work(void *arg)
{
    int me = (int)(intptr_t)arg;
    unsigned seed = (unsigned)me * 2654435761u + 1;

    for (int i = 0; i < pairs; i++) {
        void *volatile p; /* else the compiler drops the pair */
        seed = seed * 1103515245u + 12345u;
        p = malloc(16 + (seed >> 16) % 497);
        free(p);
    }
    for (int i = 0; i < KEPT && pairs; i++)
        kept_bytes[me] += (int64_t)malloc_usable_size(malloc(100 + 10 * i));
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t threads[THREADS];

    pairs = expect_baseline(argc, argv) ? 0 : PAIRS;
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&threads[i], NULL, _work, (void *)(intptr_t)i))
            expect_fail("pthread_create");
    for (int i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);
    if (pairs) {
        expect_allocs = (uint64_t)THREADS * (PAIRS + KEPT);
        expect_frees = (uint64_t)THREADS * PAIRS;
        for (int i = 0; i < THREADS; i++)
            expect_live += kept_bytes[i];
    }
    /* The peak is checked by threads_peak_within_bound. */
    expect_peak = -1;
    expect_print();
    return 0;
}

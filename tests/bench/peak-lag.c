/* How far a tool's heap peak can lag the truth once threads share the count:
 * THREADS threads each allocate BLOCKS blocks of random sizes 16..MAXSIZE,
 * then all hold them at once (a barrier), so the true peak is the sum of
 * their usable sizes plus the little the process held before. Then all free.
 *
 * It prints, on stdout, the bytes held at the barrier and the time (s since
 * main started) at which the last thread finished allocating: the true peak
 * and its time, to compare with the record's peak_heap_bytes and
 * peak_heap_time_s (run-bench.py --parts accuracy does that).
 *
 * usage: peak-lag THREADS [BLOCKS [MAXSIZE]]   (default 1,000 and 4,096) */
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "xorshift.h"

struct worker {
    pthread_t tid;
    long blocks;
    size_t max_size;
    uint64_t seed;
    size_t held;    /* usable bytes held at the barrier */
    double done_at; /* when its last allocation returned */
};

static pthread_barrier_t _all_at_peak, _may_free;
static struct timespec _start;

static double _since_start(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - _start.tv_sec) +
           (double)(now.tv_nsec - _start.tv_nsec) / 1e9;
}

static void *_hold(void *arg)
{
    struct worker *w = arg;
    uint64_t rng = w->seed;
    char **block = malloc((size_t)w->blocks * sizeof *block);
    if (!block)
        abort();
    w->held = malloc_usable_size(block);
    for (long i = 0; i < w->blocks; i++) {
        block[i] = malloc(xorshift_size(&rng, 16, w->max_size));
        if (!block[i])
            abort();
        w->held += malloc_usable_size(block[i]);
    }
    w->done_at = _since_start();
    pthread_barrier_wait(&_all_at_peak);
    pthread_barrier_wait(&_may_free);
    for (long i = 0; i < w->blocks; i++)
        free(block[i]);
    free(block);
    return NULL;
}

int main(int argc, char **argv)
{
    clock_gettime(CLOCK_MONOTONIC, &_start);
    long threads = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
    long blocks = argc > 2 ? strtol(argv[2], NULL, 10) : 1000;
    long max_size = argc > 3 ? strtol(argv[3], NULL, 10) : 4096;
    if (threads < 1 || threads > 256 || blocks < 1 || max_size < 16) {
        fprintf(stderr, "usage: %s THREADS [BLOCKS [MAXSIZE]]\n", argv[0]);
        return 2;
    }
    struct worker *w = calloc((size_t)threads, sizeof *w);
    if (!w)
        return 1;
    size_t held = malloc_usable_size(w);
    pthread_barrier_init(&_all_at_peak, NULL, (unsigned)threads + 1);
    pthread_barrier_init(&_may_free, NULL, (unsigned)threads + 1);
    for (long t = 0; t < threads; t++) {
        w[t].blocks = blocks;
        w[t].max_size = (size_t)max_size;
        w[t].seed = 0x9e3779b97f4a7c15u * (uint64_t)(t + 1);
        if (pthread_create(&w[t].tid, NULL, _hold, &w[t]) != 0)
            return 1;
    }
    pthread_barrier_wait(&_all_at_peak);
    double peak_at = 0;
    for (long t = 0; t < threads; t++) {
        held += w[t].held;
        if (w[t].done_at > peak_at)
            peak_at = w[t].done_at;
    }
    /* Hold the peak a while, so a tool that folds or stamps late has time
     * to see it before the frees begin. */
    nanosleep(&(struct timespec){.tv_nsec = 200000000}, NULL);
    pthread_barrier_wait(&_may_free);
    for (long t = 0; t < threads; t++)
        pthread_join(w[t].tid, NULL);
    free(w);
    printf("held_at_peak_bytes %zu\npeak_time_s %.3f\n", held, peak_at);
    return 0;
}

/* Workloads (a) and (b): malloc/free pairs of random sizes 16..512 B over a
 * fixed set of live blocks, in one thread or split over several.
 *
 * usage: bench-churn THREADS [PAIRS [LIVE [ENTRY]]]
 * defaults: 20,000,000 pairs and 1,000 live blocks in total. THREADS is 1
 * for (a): then no thread is ever created, so the process stays
 * single-threaded as far as glibc (and a preloaded tool) can tell. ENTRY
 * is the call that allocates: malloc (the default), calloc or
 * posix_memalign (64-byte alignment), for the instruction counts. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xorshift.h"

enum entry { MALLOC, CALLOC, POSIX_MEMALIGN };

struct share {
    long pairs;
    long live;
    uint64_t seed;
    enum entry entry;
};

static char *_allocate(enum entry entry, size_t size)
{
    void *p = NULL;

    if (entry == CALLOC)
        p = calloc(1, size);
    else if (entry == POSIX_MEMALIGN && posix_memalign(&p, 64, size))
        p = NULL;
    else if (entry == MALLOC)
        p = malloc(size);
    if (!p)
        abort();
    return p;
}

static void *_churn(void *arg)
{
    const struct share *s = arg;
    uint64_t rng = s->seed;
    char **slot = malloc((size_t)s->live * sizeof *slot);
    if (!slot)
        abort();
    for (long i = 0; i < s->live; i++)
        slot[i] = _allocate(s->entry, xorshift_size(&rng, 16, 512));
    for (long i = 0; i < s->pairs; i++) {
        long k = (long)(xorshift64(&rng) % (uint64_t)s->live);
        free(slot[k]);
        slot[k] = _allocate(s->entry, xorshift_size(&rng, 16, 512));
        /* Touch the block, as a program would, so neither the compiler nor
         * the allocator can treat the pair as dead. */
        slot[k][0] = (char)i;
    }
    for (long i = 0; i < s->live; i++)
        free(slot[i]);
    free(slot);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 5) {
        fprintf(stderr, "usage: %s THREADS [PAIRS [LIVE [ENTRY]]]\n", argv[0]);
        return 2;
    }
    long threads = strtol(argv[1], NULL, 10);
    long pairs = argc > 2 ? strtol(argv[2], NULL, 10) : 20000000;
    long live = argc > 3 ? strtol(argv[3], NULL, 10) : 1000;
    const char *name = argc > 4 ? argv[4] : "malloc";
    enum entry entry = !strcmp(name, "calloc")           ? CALLOC
                       : !strcmp(name, "posix_memalign") ? POSIX_MEMALIGN
                                                         : MALLOC;
    if (threads < 1 || threads > 256 || pairs < 0 || live < threads ||
        (entry == MALLOC && strcmp(name, "malloc"))) {
        fprintf(stderr, "%s: bad arguments\n", argv[0]);
        return 2;
    }

    struct share share[256];
    for (long t = 0; t < threads; t++) {
        share[t].pairs = pairs / threads;
        share[t].live = live / threads;
        share[t].seed = 0x9e3779b97f4a7c15u * (uint64_t)(t + 1);
        share[t].entry = entry;
    }
    if (threads == 1) {
        _churn(&share[0]);
        return 0;
    }
    pthread_t tid[256];
    for (long t = 0; t < threads; t++)
        if (pthread_create(&tid[t], NULL, _churn, &share[t]) != 0) {
            perror("pthread_create");
            return 1;
        }
    for (long t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    return 0;
}

/* fork without exec: the parent allocates, forks, and allocates more after
 * the child is done; the child frees some inherited blocks and allocates
 * its own. Each prints what its record must hold:
 *   pid=N expect allocs=N frees=N live=N peak=N
 * The child's counts start at the fork, from the heap it inherited.
 * With the argument "threaded", a second thread holds blocks of its own
 * across the fork (the parent counts in per-thread slots then); glibc's
 * own allocations for that thread are unknown to the program, so only the
 * child's allocs and frees are printed. */
#include "expect.h"

#include <pthread.h>
#include <sys/wait.h>

static pthread_barrier_t held, forked;

static void *_holder(void *arg)
{
    void *blocks[8];

    (void)arg;
    for (int i = 0; i < 8; i++)
        blocks[i] = malloc(3000);
    pthread_barrier_wait(&held);
    pthread_barrier_wait(&forked);
    for (int i = 0; i < 8; i++)
        free(blocks[i]);
    return NULL;
}

static void _print(int counts_only)
{
    char line[96];
    int n;

    if (counts_only)
        n = snprintf(line, sizeof(line),
                     "pid=%d expect allocs=%llu "
                     "frees=%llu\n",
                     (int)getpid(), (unsigned long long)expect_allocs,
                     (unsigned long long)expect_frees);
    else
        n = snprintf(line, sizeof(line), "pid=%d ", (int)getpid());
    (void)!write(1, line, (size_t)n);
    if (!counts_only)
        expect_print();
}

int main(int argc, char **argv)
{
    int threaded = argc > 1 && !strcmp(argv[1], "threaded");
    void *inherited[20], *own[30];
    pthread_t holder;
    pid_t child;
    int status;

    if (threaded) {
        pthread_barrier_init(&held, NULL, 2);
        pthread_barrier_init(&forked, NULL, 2);
        if (pthread_create(&holder, NULL, _holder, NULL))
            expect_fail("pthread_create");
        pthread_barrier_wait(&held);
    }
    for (int i = 0; i < 20; i++)
        inherited[i] = expect_alloc(malloc(1000 * (size_t)(i + 1)));
    child = fork();
    if (child < 0)
        expect_fail("fork");
    if (child == 0) {
        expect_allocs = expect_frees = 0;
        expect_peak = expect_live;
        for (int i = 0; i < 10; i++) {
            expect_release(inherited[i]);
            free(inherited[i]);
        }
        for (int i = 0; i < 30; i++)
            own[i] = expect_alloc(malloc(5000));
        for (int i = 0; i < 5; i++) {
            expect_release(own[i]);
            free(own[i]);
        }
        _print(threaded);
        exit(0);
    }
    if (waitpid(child, &status, 0) != child || status)
        expect_fail("child");
    if (threaded) {
        pthread_barrier_wait(&forked);
        pthread_join(holder, NULL);
        return 0; /* the parent's figures include the thread's */
    }
    for (int i = 0; i < 5; i++)
        expect_alloc(malloc(300000));
    _print(0);
    return 0;
}

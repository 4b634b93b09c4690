/* Five threads (the main one among them) each exec a file that does not
 * exist, again and again, and between two execs allocate a block of 1 MiB
 * that they keep (untouched: it costs no memory), so that the peak keeps
 * rising and heapline rewrites its provisional record in one thread while
 * another's failed exec makes it again. Prints "done" and exits 0 when
 * every exec failed as it should. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define THREADS 5
#define EXECS 2000

static char *volatile _kept;

static void *_exec_and_allocate(void *arg)
{
    char *const argv[] = {"missing", NULL};
    long failed = 0;

    (void)arg;
    for (int i = 0; i < EXECS; i++) {
        if (execv("/nonexistent/missing", argv) < 0 && errno == ENOENT)
            failed++;
        _kept = malloc(1 << 20);
    }
    return (void *)failed;
}

int main(void)
{
    pthread_t threads[THREADS - 1];
    long failed;
    void *result;

    for (int i = 0; i < THREADS - 1; i++)
        pthread_create(&threads[i], NULL, _exec_and_allocate, NULL);
    failed = (long)_exec_and_allocate(NULL);
    for (int i = 0; i < THREADS - 1; i++) {
        pthread_join(threads[i], &result);
        failed += (long)result;
    }
    printf(failed == THREADS * EXECS ? "done\n" : "%ld execs failed\n", failed);
    return failed == THREADS * EXECS ? 0 : 1;
}

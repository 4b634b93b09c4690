/* Threads allocate and free, in bursts, while the main thread forks and
 * waits for each child: a fork may come while any lock of the allocator
 * or of heapline is held by another thread, and the child must still run.
 *
 *   fork_exec_under_threads [FORKS]    64 threads, FORKS forks (1,000);
 *                                      each child executes this program
 *                                      with "child"
 *   fork_exec_under_threads allocate   4 threads, 200 forks; each child
 *                                      allocates and frees 64 blocks of its
 *                                      own (with sites on, takes stacks)
 *
 * Prints "forked N, failed M" and exits 0 when every child exited 0. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 64
#define CHILD_BLOCKS 64

static volatile int _stop;

static void *_allocate(void *arg)
{
    size_t salt = (size_t)arg;
    void *keep[16] = {0};

    /* The forks, not these threads, set the test's pace: at nice 19 and
     * with short pauses they leave the forking thread and its children a
     * core, and still run on the other one between and during the forks. */
    struct timespec pause = {0, 1000000};

    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19);

    for (size_t i = 0; !_stop; i++) {
        free(keep[i % 16]);
        keep[i % 16] = malloc(16 + (i * 7919 + salt) % 4096);
        if (i % 64 == 63)
            nanosleep(&pause, NULL);
    }
    for (int i = 0; i < 16; i++)
        free(keep[i]);
    return NULL;
}

static int _allocate_in_child(void)
{
    void *blocks[CHILD_BLOCKS];

    for (int i = 0; i < CHILD_BLOCKS; i++)
        if (!(blocks[i] = malloc(64 + (size_t)i)))
            return 1;
    for (int i = 0; i < CHILD_BLOCKS; i++)
        free(blocks[i]);
    return 0;
}

int main(int argc, char **argv)
{
    pthread_t threads[MAX_THREADS];
    int allocate = argc > 1 && !strcmp(argv[1], "allocate");
    size_t nthreads = allocate ? 4 : MAX_THREADS;
    int forks = allocate ? 200 : argc > 1 ? atoi(argv[1]) : 1000;
    int failed = 0;

    if (argc > 1 && !strcmp(argv[1], "child"))
        return 0;
    for (size_t i = 0; i < nthreads; i++)
        if (pthread_create(&threads[i], NULL, _allocate, (void *)i))
            return 96;
    for (int i = 0; i < forks; i++) {
        int status;
        pid_t pid = fork();

        if (pid < 0)
            return 95;
        if (pid == 0) {
            if (allocate)
                _exit(_allocate_in_child());
            execl(argv[0], argv[0], "child", (char *)NULL);
            _exit(94);
        }
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0)
            failed++;
    }
    _stop = 1;
    for (size_t i = 0; i < nthreads; i++)
        pthread_join(threads[i], NULL);
    printf("forked %d, failed %d\n", forks, failed);
    return failed != 0;
}

/* hand_over PASSES MIB HOLD_MS [GAP_MS]: two processes (this one and a
 * child it forks) pass MIB mebibytes back and forth PASSES times over two
 * pipes: the one whose turn it is allocates and touches them, holds them
 * HOLD_MS milliseconds, frees them (glibc gives a block that large back to
 * the kernel at once), waits GAP_MS milliseconds (0 when not given), or as
 * long as its turn took if GAP_MS is given and that was longer, and hands
 * the turn over; the other waits, holding its base. Each turn prints
 * "held R" and "released R", R its VmRSS then (in bytes), so that the most the
 * two held at once is known: a hold of one and the base of the other. Exits 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long _vmrss(void)
{
    char line[256];
    long kib = -1;
    FILE *f = fopen("/proc/self/status", "r");

    while (f && fgets(line, sizeof(line), f))
        if (!strncmp(line, "VmRSS:", 6))
            kib = atol(line + 6);
    if (f)
        fclose(f);
    return kib * 1024;
}

static long _ms_since(const struct timespec *t0)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* What the blocks held, so that no compiler leaves them untouched. */
static volatile char _seen;

/* The turns of one side: reads a turn from in, plays it, hands it out. */
static int _play(int first, int turns, size_t size, long hold_ms, long gap_ms,
                 int in, int out)
{
    struct timespec hold = {hold_ms / 1000, hold_ms % 1000 * 1000000};
    char token = 't';

    for (int k = 0; k < turns; k++) {
        struct timespec t0, gap;
        long wait_ms;
        char *block;

        if ((k || !first) && read(in, &token, 1) != 1)
            return 1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (!(block = malloc(size)))
            return 1;
        memset(block, k + 1, size);
        _seen = block[size - 1];
        printf("held %ld\n", _vmrss());
        nanosleep(&hold, NULL);
        free(block);
        printf("released %ld\n", _vmrss());
        fflush(stdout);
        /* A gap that grows with the turn keeps the hand-offs apart by more
         * than the report's cells, whose width grows with the run, on a
         * machine so loaded that touching the block takes seconds. */
        wait_ms = gap_ms ? _ms_since(&t0) : 0;
        wait_ms = wait_ms > gap_ms ? wait_ms : gap_ms;
        gap = (struct timespec){wait_ms / 1000, wait_ms % 1000 * 1000000};
        if (wait_ms)
            nanosleep(&gap, NULL);
        if (write(out, &token, 1) != 1)
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int passes = atoi(argc > 1 ? argv[1] : "20");
    size_t size = (size_t)atol(argc > 2 ? argv[2] : "100") << 20;
    long hold_ms = atol(argc > 3 ? argv[3] : "30");
    long gap_ms = atol(argc > 4 ? argv[4] : "0");
    int to_child[2], to_parent[2], status;
    char token;
    pid_t child;

    if (passes < 2 || pipe(to_child) < 0 || pipe(to_parent) < 0)
        return 2;
    fflush(stdout);
    child = fork();
    if (child < 0)
        return 2;
    if (child == 0)
        _exit(_play(0, passes / 2, size, hold_ms, gap_ms, to_child[0],
                    to_parent[1]));
    if (_play(1, passes - passes / 2, size, hold_ms, gap_ms, to_parent[0],
              to_child[1]))
        return 1;
    /* The child's last turn ends the game. */
    if (passes % 2 == 0 && read(to_parent[0], &token, 1) != 1)
        return 1;
    return waitpid(child, &status, 0) == child && WIFEXITED(status) &&
                   WEXITSTATUS(status) == 0
               ? 0
               : 1;
}

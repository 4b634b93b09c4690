/* Held until the library has read Pss: the test programs whose
 * processes all hold memory at once (tests/report/job/shm-shared.c,
 * tests/slurm/shared-window.c) include this, after defining HOLD_FAIL(),
 * what they do when something cannot be done (exit, MPI_Abort). */
#ifndef HEAPLINE_TESTS_HOLD_FOR_PSS_H
#define HEAPLINE_TESTS_HOLD_FOR_PSS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Above a 64th of the heap (OWN_MIB), so that the timeline notes it; small
 * beside what is held, which the node's sum, the most each process held in
 * a cell, then counts with it. */
#define CHURN (768 * 1024)

static long long _ns(clockid_t clock)
{
    struct timespec t;

    clock_gettime(clock, &t);
    return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Reads all of path. */
static void _read_all(const char *path)
{
    char buf[4096];
    FILE *f = fopen(path, "r");

    if (!f)
        HOLD_FAIL();
    while (fread(buf, 1, sizeof(buf), f) > 0)
        ;
    fclose(f);
}

static void _churn(void)
{
    char *p = malloc(CHURN);

    if (!p)
        HOLD_FAIL();
    memset(p, 1, CHURN);
    free(p);
}

/* Allocations that move the heap by more than its 64th while all hold:
 * the library's timeline notes them, reading VmRSS at most every 10 ms
 * and Pss when its budget allows (0.5% of the process's CPU time, each
 * reading counted at the last one's cost: preload/timeline/pss.h). A
 * reading costs about what this process's own reading of smaps_rollup
 * and status costs, c, so 400 c of CPU time past the last reading makes
 * the next one due: the hold lasts 500 c + 20 ms of CPU time and 60 ms,
 * then allocates at least once more 15 ms later, when VmRSS is due too,
 * so that a reading of Pss falls within it whatever the load. */
static void _hold(void)
{
    long long c = _ns(CLOCK_THREAD_CPUTIME_ID), wall, cpu, then;

    _read_all("/proc/self/smaps_rollup");
    _read_all("/proc/self/status");
    c = _ns(CLOCK_THREAD_CPUTIME_ID) - c;
    wall = _ns(CLOCK_MONOTONIC);
    cpu = _ns(CLOCK_PROCESS_CPUTIME_ID);
    while (_ns(CLOCK_MONOTONIC) - wall < 60000000 ||
           _ns(CLOCK_PROCESS_CPUTIME_ID) - cpu < 500 * c + 20000000)
        _churn();
    then = _ns(CLOCK_MONOTONIC);
    do
        _churn();
    while (_ns(CLOCK_MONOTONIC) - then < 15000000);
}

#endif

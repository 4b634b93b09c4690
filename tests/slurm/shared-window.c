/* An MPI task of the plugin's cluster tests (issue 31): the ranks of a
 * node share one window of MPI_Win_allocate_shared, WINDOW_MIB MiB that
 * rank 0 allocates and every rank writes page by page, and each holds
 * OWN_MIB MiB of its own. All hold at once, allocating until their
 * timelines have read Pss while all map the window (_hold).
 *
 * While all hold, rank 0 prints what they hold, read from outside their
 * libraries: "truth BYTES", the shared memory once (the ranks' Pss_Shmem
 * of /proc/PID/smaps_rollup added up: the window, and MPI's own segments,
 * 16 MiB under MPICH, which the window's size alone left out), every
 * rank's RssAnon and the largest RssFile (/proc/PID/status); and
 * "pagecache BYTES", the page cache of
 * its step's memory cgroup less its shared memory (memory.stat: v1
 * total_cache less total_shmem, v2 file less shmem), when it finds it. */
#define _GNU_SOURCE
#include <libgen.h>
#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WINDOW_MIB 256
#define OWN_MIB 32
#define MIB (1024 * 1024)
#define HOLD_FAIL() MPI_Abort(MPI_COMM_WORLD, 1)
#include "hold_for_pss.h"

/* The value of KEY in a file of "KEY VALUE" or "KEY: VALUE kB" lines,
 * times unit; -1 when it is not there. */
static long long _key(const char *path, const char *key, long long unit)
{
    char line[256];
    size_t len = strlen(key);
    long long v = -1;
    FILE *f = fopen(path, "r");

    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f))
        if (!strncmp(line, key, len) && (line[len] == ' ' || line[len] == ':'))
            v = atoll(line + len + 1) * unit;
    fclose(f);
    return v;
}

/* The step's memory cgroup folder, as step-peak.py finds it: v1
 * .../step_S/task_T, v2 .../step_S/user/task_T. */
static int _step_cgroup(char *out, size_t size)
{
    char line[1024], *v1 = NULL, *v2 = NULL, *dir;
    FILE *f = fopen("/proc/self/cgroup", "r");

    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f)) {
        char *ctrl = strchr(line, ':'), *path;

        line[strcspn(line, "\n")] = '\0';
        if (!ctrl || !(path = strchr(ctrl + 1, ':')))
            continue;
        *ctrl = '\0';
        *path++ = '\0';
        if (strstr(ctrl + 1, "memory"))
            v1 = strdup(path);
        else if (!strcmp(line, "0"))
            v2 = strdup(path);
    }
    fclose(f);
    if (v1)
        snprintf(out, size, "/sys/fs/cgroup/memory%s", v1);
    else if (v2)
        snprintf(out, size, "/sys/fs/cgroup%s", v2);
    else
        return -1;
    free(v1);
    free(v2);
    dir = dirname(out);
    if (!strcmp(basename(strdupa(dir)), "user"))
        dir = dirname(dir);
    memmove(out, dir, strlen(dir) + 1);
    return 0;
}

static void _pagecache(void)
{
    char dir[1024], stat[1100];
    long long cache, shmem;

    if (_step_cgroup(dir, sizeof(dir)) < 0)
        return;
    snprintf(stat, sizeof(stat), "%s/memory.stat", dir);
    cache = _key(stat, "total_cache", 1);
    shmem = _key(stat, "total_shmem", 1);
    if (cache < 0) {
        cache = _key(stat, "file", 1);
        shmem = _key(stat, "shmem", 1);
    }
    if (cache >= 0 && shmem >= 0)
        printf("pagecache %lld\n", cache - shmem);
}

/* Waits until every rank has touched the window, without a call that may
 * allocate (MPI's barrier may): the library reads a process's Pss only at
 * its allocations, and a reading taken while some ranks have not yet
 * touched the window gives the window's pages to fewer of them, a share
 * that would stand until that rank's next reading. So each rank's readings
 * see the window either untouched by it or touched by all. The count is
 * in the window, beside the bytes the touch writes (every 4096th). */
static void _all_touched(int *touched, int size)
{
    __atomic_add_fetch(touched, 1, __ATOMIC_ACQ_REL);
    while (__atomic_load_n(touched, __ATOMIC_ACQUIRE) < size)
        sched_yield();
}

int main(int argc, char **argv)
{
    int rank, size, disp;
    MPI_Aint bytes;
    MPI_Comm node;
    MPI_Win win;
    char *window, *own;
    int *touched;
    int pid, *pids = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                        &node);
    MPI_Comm_rank(node, &rank);
    MPI_Comm_size(node, &size);
    MPI_Win_allocate_shared(rank == 0 ? (MPI_Aint)WINDOW_MIB * MIB : 0, 1,
                            MPI_INFO_NULL, node, &window, &win);
    MPI_Win_shared_query(win, 0, &bytes, &disp, &window);
    touched = (int *)(window + sizeof(int));
    if (rank == 0)
        __atomic_store_n(touched, 0, __ATOMIC_RELEASE);
    MPI_Barrier(node);
    for (MPI_Aint k = 0; k < bytes; k += 4096)
        window[k] = (char)rank;
    _all_touched(touched, size);
    own = malloc((size_t)OWN_MIB * MIB);
    if (!own)
        MPI_Abort(MPI_COMM_WORLD, 1);
    memset(own, 1, (size_t)OWN_MIB * MIB);
    /* Touched for the kernel, whatever the compiler sees of it. */
    __asm__ volatile("" : : "r"(own) : "memory");
    pid = (int)getpid();
    if (rank == 0 && !(pids = malloc(sizeof(*pids) * (size_t)size)))
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Gather(&pid, 1, MPI_INT, pids, 1, MPI_INT, 0, node);
    MPI_Barrier(node);
    _hold();
    MPI_Barrier(node);
    if (rank == 0) {
        long long truth = 0, file = 0;
        int known = 1;

        for (int r = 0; r < size; r++) {
            char rollup[64], status[64];
            long long pss, anon, f;

            snprintf(rollup, sizeof(rollup), "/proc/%d/smaps_rollup", pids[r]);
            snprintf(status, sizeof(status), "/proc/%d/status", pids[r]);
            pss = _key(rollup, "Pss_Shmem", 1024);
            anon = _key(status, "RssAnon", 1024);
            f = _key(status, "RssFile", 1024);
            /* Without one of them what the ranks held is unknown: no
             * "truth" line, and the checks that compare with it fail. */
            if (pss < 0 || anon < 0 || f < 0) {
                fprintf(stderr,
                        "shared-window: no Pss_Shmem in %s, or no RssAnon "
                        "or RssFile in %s\n",
                        rollup, status);
                known = 0;
            }
            truth += pss + anon;
            if (f > file)
                file = f;
        }
        if (known)
            printf("truth %lld\n", truth + file);
        _pagecache();
        fflush(stdout);
    }
    MPI_Barrier(node);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}

/* Five processes of one host share one segment of /dev/shm, as MPI ranks
 * share a window of MPI_Win_allocate_shared: the parent maps SHM_MIB MiB
 * (shm_open, mmap) and touches it, then forks NCHILD children, which each
 * write every page of it and allocate and touch OWN_MIB MiB of their own.
 * All hold at once, each taking readings of its Pss (its timeline's,
 * while all map the segment), then the children exit one after the other,
 * the parent last.
 *
 * It prints "truth BYTES": what the five held at once while all held,
 * read from outside Pss: the segment once, the private memory of each
 * (RssAnon) and the largest RssFile (the libraries' pages, shared); and a
 * line "own PID BYTES" per process, its RssAnon then. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NCHILD 4
#define SHM_MIB 256
#define OWN_MIB 32
#define MIB (1024 * 1024)
#define HOLD_FAIL() exit(1)
#include "../../hold_for_pss.h"

static void _write_byte(int fd)
{
    if (write(fd, "x", 1) != 1)
        exit(1);
}

static void _read_byte(int fd)
{
    char c;

    if (read(fd, &c, 1) != 1)
        exit(1);
}

/* A figure of /proc/PID/status, bytes. */
static long long _status(pid_t pid, const char *key)
{
    char path[64], line[256];
    long long kib = -1;
    size_t len = strlen(key);
    FILE *f;

    snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
    if (!(f = fopen(path, "r")))
        exit(1);
    while (fgets(line, sizeof(line), f))
        if (!strncmp(line, key, len) && line[len] == ':')
            kib = atoll(line + len + 1);
    fclose(f);
    if (kib < 0)
        exit(1);
    return kib * 1024;
}

int main(void)
{
    size_t size = (size_t)SHM_MIB * MIB;
    int up[2], down[NCHILD][2], fd;
    pid_t pids[NCHILD + 1];
    char name[64];
    long long truth = size, file = 0;
    char *shm;

    snprintf(name, sizeof(name), "/heapline-shm-test-%d", (int)getpid());
    fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || shm_unlink(name) < 0 || ftruncate(fd, (off_t)size) < 0)
        return 1;
    shm = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (shm == MAP_FAILED || pipe(up) < 0)
        return 1;
    memset(shm, 0, size);
    pids[NCHILD] = getpid();
    for (int i = 0; i < NCHILD; i++) {
        if (pipe(down[i]) < 0 || (pids[i] = fork()) < 0)
            return 1;
        if (pids[i] == 0) {
            char *own = malloc((size_t)OWN_MIB * MIB);

            for (size_t k = 0; k < size; k += 4096)
                shm[k] = (char)i;
            if (!own)
                return 1;
            memset(own, 1, (size_t)OWN_MIB * MIB);
            /* Touched for the kernel, whatever the compiler sees of it. */
            __asm__ volatile("" : : "r"(own) : "memory");
            _write_byte(up[1]);
            _read_byte(down[i][0]);
            _hold();
            _write_byte(up[1]);
            _read_byte(down[i][0]);
            /* Unmapped before the exit's reading of Pss, which would give
             * the segment to the fewer processes still mapping it, a
             * share the node's sum adds to theirs in the cell where the
             * children end one after the other. */
            munmap(shm, size);
            return 0;
        }
    }
    for (int i = 0; i < NCHILD; i++)
        _read_byte(up[0]);
    for (int i = 0; i < NCHILD; i++)
        _write_byte(down[i][1]);
    _hold();
    for (int i = 0; i < NCHILD; i++)
        _read_byte(up[0]);
    /* All hold and map the segment: what they hold, from outside Pss. */
    for (int i = 0; i <= NCHILD; i++) {
        long long anon = _status(pids[i], "RssAnon");
        long long f = _status(pids[i], "RssFile");

        truth += anon;
        if (f > file)
            file = f;
        printf("own %d %lld\n", (int)pids[i], anon);
    }
    printf("truth %lld\n", truth + file);
    fflush(stdout);
    for (int i = 0; i < NCHILD; i++) {
        int status;

        _write_byte(down[i][1]);
        if (waitpid(pids[i], &status, 0) != pids[i] || !WIFEXITED(status) ||
            WEXITSTATUS(status))
            return 1;
    }
    munmap(shm, size);
    return 0;
}

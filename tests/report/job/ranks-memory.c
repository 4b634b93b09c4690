/* A rank of a made-up MPI job whose memory is known: ranks-memory EVERY
 * DIVIDED [LEAK_RANK LEAK]. Each rank (SLURM_PROCID, of SLURM_NTASKS)
 * holds EVERY MiB that every rank has, its share DIVIDED / SLURM_NTASKS
 * of MiB divided among the ranks, and rank LEAK_RANK LEAK MiB more, from
 * a site of its own. With RANKS_MEMORY_PER_RANK=MIB, each rank holds
 * MIB more for every rank of the job (a table of its peers, which grows
 * with the job as weak scaling grows the problem). All touched, in blocks
 * of 1 MiB. With
 * RANKS_MEMORY_BARRIER=DIR, the ranks hold theirs together for a second
 * at least, however the machine schedules them: each says in DIR that it
 * holds its memory, and frees it only once every rank has held it a
 * second. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIB (1024 * 1024)

static void *_blocks[1 << 16];
static size_t _nblocks;

static __attribute__((noinline)) void hold_every(size_t mib)
{
    for (size_t i = 0; i < mib; i++)
        memset(_blocks[_nblocks++] = malloc(MIB), 1, MIB);
}

static __attribute__((noinline)) void hold_share(size_t kib)
{
    for (size_t i = 0; i < kib / 1024; i++)
        memset(_blocks[_nblocks++] = malloc(MIB), 2, MIB);
    if (kib % 1024)
        memset(_blocks[_nblocks++] = malloc(kib % 1024 * 1024), 2,
               kib % 1024 * 1024);
}

static __attribute__((noinline)) void hold_per_rank(size_t mib)
{
    for (size_t i = 0; i < mib; i++)
        memset(_blocks[_nblocks++] = malloc(MIB), 4, MIB);
}

static __attribute__((noinline)) void leak_here(size_t mib)
{
    for (size_t i = 0; i < mib; i++)
        memset(_blocks[_nblocks++] = malloc(MIB), 3, MIB);
}

/* The files of DIR whose names begin with prefix. */
static long _count(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    long n = 0;

    if (!d) {
        perror(dir);
        exit(2);
    }
    while ((e = readdir(d)))
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

/* Says in DIR that this rank reached STAGE, and waits for every rank. */
static void _barrier(const char *dir, const char *stage, long rank, long ranks)
{
    char path[4096];
    FILE *f;

    snprintf(path, sizeof(path), "%s/%s-%ld", dir, stage, rank);
    if (!(f = fopen(path, "w")) || fclose(f) != 0) {
        perror(path);
        exit(2);
    }
    while (_count(dir, stage) < ranks)
        usleep(10000);
}

static long _env(const char *name)
{
    const char *v = getenv(name);

    if (!v) {
        fprintf(stderr, "ranks-memory: %s is not set\n", name);
        exit(2);
    }
    return strtol(v, NULL, 10);
}

int main(int argc, char **argv)
{
    long rank = _env("SLURM_PROCID"), ranks = _env("SLURM_NTASKS");
    const char *barrier = getenv("RANKS_MEMORY_BARRIER");
    const char *per_rank = getenv("RANKS_MEMORY_PER_RANK");

    if (argc != 3 && argc != 5) {
        fprintf(stderr,
                "usage: ranks-memory EVERY DIVIDED [LEAK_RANK LEAK] (MiB)\n");
        return 2;
    }
    hold_every(strtoul(argv[1], NULL, 10));
    hold_share(strtoul(argv[2], NULL, 10) * 1024 / (size_t)ranks);
    if (per_rank)
        hold_per_rank(strtoul(per_rank, NULL, 10) * (size_t)ranks);
    if (argc == 5 && rank == strtol(argv[3], NULL, 10))
        leak_here(strtoul(argv[4], NULL, 10));
    if (barrier) {
        _barrier(barrier, "held", rank, ranks);
        sleep(1);
        _barrier(barrier, "done", rank, ranks);
    }
    while (_nblocks)
        free(_blocks[--_nblocks]);
    return 0;
}

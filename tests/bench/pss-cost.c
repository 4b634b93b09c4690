/* What a reading of Pss costs (issue 31): the CPU time of reading
 * /proc/self/smaps_rollup, as the library's readings do, in a process of
 * N mappings (each one page, touched, every other one read-only so that
 * the kernel cannot merge them), beside a reading of VmRSS from
 * /proc/self/statm.
 *
 * usage: pss-cost N REPS
 * Prints "mappings M smaps_rollup_ns A statm_ns B": M the mappings of the
 * process (/proc/self/maps' lines), A and B the least CPU time of REPS
 * readings; exits 2 when N mappings cannot be made (vm.max_map_count). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static long long _cpu_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Reads the whole of path, as a reading of the library does. */
static void _read_all(const char *path)
{
    static char buf[1 << 16];
    int fd = open(path, O_RDONLY | O_CLOEXEC);

    if (fd < 0)
        exit(1);
    while (read(fd, buf, sizeof(buf)) > 0)
        ;
    close(fd);
}

static long long _least(const char *path, int reps)
{
    long long least = -1;

    for (int i = 0; i < reps; i++) {
        long long t0 = _cpu_ns(), t;

        _read_all(path);
        t = _cpu_ns() - t0;
        if (least < 0 || t < least)
            least = t;
    }
    return least;
}

static int _mappings(void)
{
    char line[512];
    int n = 0;
    FILE *f = fopen("/proc/self/maps", "r");

    if (!f)
        exit(1);
    while (fgets(line, sizeof(line), f))
        n++;
    fclose(f);
    return n;
}

int main(int argc, char **argv)
{
    long page = sysconf(_SC_PAGESIZE);
    int n, reps;
    char *area;

    if (argc != 3)
        return 1;
    n = atoi(argv[1]);
    reps = atoi(argv[2]);
    /* One area cut into n mappings by their protections. */
    area = mmap(NULL, (size_t)n * (size_t)page, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED)
        return 2;
    for (int i = 0; i < n; i++)
        area[(size_t)i * (size_t)page] = 1;
    for (int i = 1; i < n; i += 2)
        if (mprotect(area + (size_t)i * (size_t)page, (size_t)page, PROT_READ) <
            0)
            return 2;
    printf("mappings %d smaps_rollup_ns %lld statm_ns %lld\n", _mappings(),
           _least("/proc/self/smaps_rollup", reps),
           _least("/proc/self/statm", reps));
    return 0;
}

/*
 * A task of spank-site.sh, built static so that the LD_PRELOAD the plugin
 * sets loads nothing in it: it writes, as a user could, two records of
 * its rank with RSS timelines in the folder of HEAPLINE_OUTPUT, one
 * holding 100 MiB for 0.8 s and then 10, the other 10 and then 100 from
 * 1.2 s on (110 MiB at once at most, 200 MiB of VmHWM), and lives until
 * they end, 2 s after its start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MIB (1024L * 1024)

static int _record(const char *dir, const char *rank, int n,
                   const struct timespec *start, const char *timeline)
{
    char path[4096];
    FILE *f;

    snprintf(path, sizeof(path), "%s/task-%s.%d.csv", dir, rank,
             (int)getpid() * 2 + n);
    if (!(f = fopen(path, "w")))
        return -1;
    fprintf(f,
            "# heapline 1\nrank,host,pid,job,elapsed_s,allocs,frees,"
            "peak_heap_bytes,peak_heap_time_s,live_heap_at_exit_bytes,"
            "vmhwm_bytes,vmrss_at_exit_bytes,start_time_s,timeline\n"
            "%s,%s,%d,%s.%s,2.000,1,1,1,0.000,0,%ld,0,%lld.%09ld,\"%s\"\n",
            rank, getenv("SLURMD_NODENAME"), (int)getpid() * 2 + n,
            getenv("SLURM_JOB_ID"), getenv("SLURM_STEP_ID"), 100 * MIB,
            (long long)start->tv_sec, start->tv_nsec, timeline);
    return fclose(f);
}

int main(void)
{
    const char *out = getenv("HEAPLINE_OUTPUT"), *rank = getenv("SLURM_PROCID");
    const struct timespec two_s = {2, 100000000};
    char dir[4096], t0[128], t1[128];
    struct timespec start;
    char *slash;

    if (!out || !rank || !getenv("SLURMD_NODENAME") ||
        !getenv("SLURM_JOB_ID") || !getenv("SLURM_STEP_ID") ||
        strlen(out) >= sizeof(dir) || !(slash = strrchr(out, '/'))) {
        fputs("site-timelines: not in a measured step\n", stderr);
        return 1;
    }
    memcpy(dir, out, (size_t)(slash - out));
    dir[slash - out] = '\0';
    clock_gettime(CLOCK_REALTIME, &start);
    snprintf(t0, sizeof(t0), "0:1:%ld 800:1:%ld", 100 * MIB, 10 * MIB);
    snprintf(t1, sizeof(t1), "0:1:%ld 1200:1:%ld", 10 * MIB, 100 * MIB);
    if (_record(dir, rank, 0, &start, t0) ||
        _record(dir, rank, 1, &start, t1)) {
        perror("site-timelines");
        return 1;
    }
    nanosleep(&two_s, NULL);
    return 0;
}

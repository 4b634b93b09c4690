/* heapline-refresh PID START_NS ELAPSED_AT VMHWM_AT VMRSS_AT, with the
 * provisional record of process PID as fd 3 and PID's pidfd as fd 4 (if
 * the kernel has pidfds): while PID lives, from HL_REFRESH_FROM_NS of its
 * life on, four times a second, writes its elapsed time (since START_NS on
 * CLOCK_MONOTONIC), VmHWM and VmRSS (from /proc/PID/status) into the
 * record, at those offsets, at their fixed widths; when PID dies, its
 * elapsed time once more, and exits. Started by the library with the
 * record (refresh.h), and by nothing else. It never exits before PID does,
 * even when it cannot write (the library may kill it by pid until then:
 * the pid stays its own). */
#define _GNU_SOURCE
#include "buf.h"
#include "format_write.h"
#include "record/procstatus.h"
#include "record/refresh.h"
#include "record_format.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define _EVERY_MS 250
#define _RECORD_FD 3
#define _PIDFD 4

/* The signals sent to PID's process group, which it may survive. */
static const int _ignored[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGTERM, SIGPIPE,
                               SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU};

static int64_t _now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int _number(const char *s, int64_t *out)
{
    char *end;

    errno = 0;
    *out = strtoll(s, &end, 10);
    return !errno && end != s && !*end && *out >= 0;
}

/* Waits a period, or until PID has lived HL_REFRESH_FROM_NS if that comes
 * first, or until PID is gone (with a pidfd). */
static void _wait(int pidfd, int64_t start_ns)
{
    int64_t young = HL_REFRESH_FROM_NS - (_now_ns() - start_ns);
    int64_t to_old_ms = (young + 999999) / 1000000;
    int ms = young > 0 && to_old_ms < _EVERY_MS ? (int)to_old_ms : _EVERY_MS;
    struct pollfd p = {.fd = pidfd, .events = POLLIN};
    struct timespec period = {0, ms * 1000000L};

    if (pidfd < 0 || poll(&p, 1, ms) < 0)
        nanosleep(&period, NULL);
}

/* The record mapped, or NULL when it is not one to write into. */
static char *_map(const int64_t *v, size_t *offset)
{
    struct stat st;
    void *page;

    if (fstat(_RECORD_FD, &st) < 0 || !S_ISREG(st.st_mode))
        return NULL;
    offset[HL_REC_elapsed_ms] = (size_t)v[2];
    offset[HL_REC_vmhwm] = (size_t)v[3];
    offset[HL_REC_vmrss_at_exit] = (size_t)v[4];
    for (int i = 2; i < 5; i++)
        if (v[i] + HL_FIXED_COUNT_WIDTH > st.st_size)
            return NULL;
    page = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED,
                _RECORD_FD, 0);
    return page == MAP_FAILED ? NULL : page;
}

int main(int argc, char **argv)
{
    int64_t v[5];
    size_t offset[HL_REC_NCOLUMNS] = {0};
    struct hl_record_row row = {0};
    struct hl_memory mem = {-1, -1};
    struct stat st;
    char proc[64], status[64], *page;
    struct hl_buf b;
    sigset_t none;
    int pidfd, dir, gone = 0;

    if (argc != 6)
        return 2;
    for (int i = 0; i < 5; i++)
        if (!_number(argv[i + 1], &v[i]))
            return 2;
    for (size_t i = 0; i < sizeof(_ignored) / sizeof(_ignored[0]); i++)
        signal(_ignored[i], SIG_IGN);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    pidfd = fstat(_PIDFD, &st) == 0 ? _PIDFD : -1;
    /* PID's folder in /proc, held open: once PID is gone, nothing can be
     * read through it, even if its pid goes to another process. */
    hl_buf_init(&b, proc, sizeof(proc));
    hl_buf_str(&b, "/proc/");
    hl_buf_i64(&b, v[0]);
    dir = open(proc, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return 1;
    hl_buf_init(&b, status, sizeof(status));
    hl_buf_str(&b, "/proc/self/fd/");
    hl_buf_i64(&b, dir);
    hl_buf_str(&b, "/status");
    page = _map(v, offset);
    while (!gone) {
        int young;

        _wait(pidfd, v[1]);
        mem.vmhwm = mem.vmrss = -1;
        hl_procstatus_read_of(status, &mem);
        gone = mem.vmhwm < 0;
        /* Before, the library's milestones write the figures: its end
         * alone is ours. */
        young = _now_ns() - v[1] < HL_REFRESH_FROM_NS;
        if (!page || (young && !gone))
            continue;
        /* PID gone, its memory is not known any more: the last figures
         * stand. */
        row.empty = 0;
        row.elapsed_ms = hl_ms_of_ns(_now_ns() - v[1]);
        row.vmhwm = (uint64_t)mem.vmhwm;
        row.vmrss_at_exit = (uint64_t)mem.vmrss;
        hl_format_put_columns(
            page, &hl_record_format, offset, &row,
            HL_EMPTY(HL_REC_elapsed_ms) |
                (gone || young || mem.vmhwm <= 0 || mem.vmrss < 0
                     ? 0
                     : HL_EMPTY(HL_REC_vmhwm) |
                           HL_EMPTY(HL_REC_vmrss_at_exit)));
    }
    return 0;
}

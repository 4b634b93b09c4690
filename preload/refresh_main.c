/* heapline-refresh PID START_NS ELAPSED_AT VMHWM_AT VMRSS_AT, with the
 * provisional record of process PID as fd 3: while PID lives, four times
 * a second, writes its elapsed time (since START_NS on CLOCK_MONOTONIC),
 * VmHWM and VmRSS (from /proc/PID/status) into the record, at those
 * offsets, at their fixed widths; when PID dies, its elapsed time once
 * more, and exits. Started by the library (refresh.h), as PID's child,
 * and by nothing else: it exits at once when its parent is not PID. */
#define _GNU_SOURCE
#include "buf.h"
#include "format_write.h"
#include "procstatus.h"
#include "record_format.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define _EVERY_MS 250
#define _RECORD_FD 3

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

/* Waits a period, or until pid is gone: then returns 1. */
static int _wait_gone(int pidfd, pid_t pid)
{
    struct pollfd p = {.fd = pidfd, .events = POLLIN};
    struct timespec period = {0, _EVERY_MS * 1000000L};

    if (pidfd >= 0)
        return poll(&p, 1, _EVERY_MS) > 0;
    nanosleep(&period, NULL);
    return getppid() != pid;
}

int main(int argc, char **argv)
{
    int64_t v[5], size;
    size_t offset[HL_REC_NCOLUMNS] = {0};
    struct hl_record_row row = {0};
    struct hl_memory mem = {-1, -1};
    struct stat st;
    char path[64], *page;
    struct hl_buf b;
    sigset_t none;
    pid_t pid;
    int pidfd, gone = 0;

    if (argc != 6)
        return 2;
    for (int i = 0; i < 5; i++)
        if (!_number(argv[i + 1], &v[i]))
            return 2;
    pid = (pid_t)v[0];
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (getppid() != pid || fstat(_RECORD_FD, &st) < 0)
        return 1;
    offset[HL_REC_elapsed_ms] = (size_t)v[2];
    offset[HL_REC_vmhwm] = (size_t)v[3];
    offset[HL_REC_vmrss_at_exit] = (size_t)v[4];
    for (int i = 2; i < 5; i++)
        if (v[i] + HL_FIXED_COUNT_WIDTH > st.st_size)
            return 2;
    size = st.st_size;
    page = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED,
                _RECORD_FD, 0);
    if (page == MAP_FAILED)
        return 1;
    hl_buf_init(&b, path, sizeof(path));
    hl_buf_str(&b, "/proc/");
    hl_buf_i64(&b, pid);
    hl_buf_str(&b, "/status");
    while (!gone) {
        gone = _wait_gone(pidfd, pid);
        row.empty = 0;
        row.elapsed_ms = hl_ms_of_ns(_now_ns() - v[1]);
        /* The process gone, its memory is not known any more: the last
         * figures stand. */
        if (!gone)
            hl_procstatus_read_of(path, &mem);
        if (gone || mem.vmhwm <= 0 || mem.vmrss < 0)
            row.empty = HL_EMPTY(HL_REC_vmhwm) | HL_EMPTY(HL_REC_vmrss_at_exit);
        row.vmhwm = (uint64_t)mem.vmhwm;
        row.vmrss_at_exit = (uint64_t)mem.vmrss;
        hl_format_put_columns(
            page, &hl_record_format, offset, &row,
            HL_EMPTY(HL_REC_elapsed_ms) |
                (~row.empty &
                 (HL_EMPTY(HL_REC_vmhwm) | HL_EMPTY(HL_REC_vmrss_at_exit))));
    }
    return 0;
}

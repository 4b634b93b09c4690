/* Deadlines for the plugin's children (see child.h). */
#define _GNU_SOURCE
#include "child.h"

#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Polling starts fast (a file writer ends within a millisecond or two) and
 * backs off, so that a long report costs a wake-up every 20 ms at most. */
#define HL_POLL_FIRST_US 200
#define HL_POLL_MAX_US 20000

/* Without close_range (Linux < 5.9), the descriptors are closed one by one
 * up to this many. */
#define HL_MAX_FDS 65536

int64_t hl_now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int hl_child_wait(pid_t pid, int64_t deadline_ms, int *status)
{
    long us = HL_POLL_FIRST_US;

    for (;;) {
        pid_t r = waitpid(pid, status, WNOHANG);
        int64_t left = deadline_ms - hl_now_ms();
        struct timespec pause;

        if (r == pid)
            return 0;
        if (r < 0 && errno != EINTR)
            return -1;
        if (left <= 0) {
            errno = ETIMEDOUT;
            return -1;
        }
        if (us > left * 1000)
            us = left * 1000;
        pause = (struct timespec){us / 1000000, (us % 1000000) * 1000};
        nanosleep(&pause, NULL);
        if (us < HL_POLL_MAX_US)
            us *= 2;
    }
}

int hl_child_kill(pid_t pid, int group, unsigned grace_ms, int *status)
{
    int ignored;

    kill(group ? -pid : pid, SIGKILL);
    return hl_child_wait(pid, hl_now_ms() + grace_ms,
                         status ? status : &ignored);
}

static void _close_from(unsigned first, unsigned last)
{
    struct rlimit lim;

    if (first > last || close_range(first, last, 0) == 0)
        return;
    if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < last)
        last = lim.rlim_cur;
    if (last > HL_MAX_FDS)
        last = HL_MAX_FDS;
    for (unsigned fd = first; fd <= last; fd++)
        close(fd);
}

void hl_child_close_fds(const int *keep, int nkeep)
{
    unsigned from = 3;

    /* keep is short and ascending in practice; any order works. */
    for (;;) {
        unsigned next = ~0U;

        for (int i = 0; i < nkeep; i++)
            if (keep[i] >= (int)from && (unsigned)keep[i] < next)
                next = (unsigned)keep[i];
        if (next == ~0U)
            break;
        if (next > from)
            _close_from(from, next - 1);
        from = next + 1;
    }
    _close_from(from, ~0U);
}

int hl_child_errno(pid_t pid, unsigned timeout_ms)
{
    int status;

    if (hl_child_wait(pid, hl_now_ms() + timeout_ms, &status) < 0) {
        int err = errno;

        if (err == ETIMEDOUT)
            hl_child_kill(pid, 0, HL_KILL_GRACE_MS, NULL);
        return err;
    }
    if (!WIFEXITED(status))
        return EINTR;
    return WEXITSTATUS(status);
}

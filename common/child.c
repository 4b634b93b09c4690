/* Children waited for with a deadline (see child.h). */
#define _GNU_SOURCE
#include "child.h"

#include "close_from.h"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Polling starts fast (a file writer ends within a millisecond or two) and
 * backs off, so that a long report costs a wake-up every 20 ms at most. */
#define HL_POLL_FIRST_US 200
#define HL_POLL_MAX_US 20000

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
            hl_close_from(from, next - 1);
        from = next + 1;
    }
    hl_close_from(from, ~0U);
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

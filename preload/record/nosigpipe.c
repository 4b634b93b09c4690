#define _GNU_SOURCE
#include "nosigpipe.h"
#include "procstatus.h"

#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

/* Whether this thread's own set of pending signals (SigPnd, apart from
 * the process's, ShdPnd) holds SIGPIPE. A SIGPIPE that a write raises
 * joins this set: one that is already there takes it in, one pending for
 * the process (kill) stays apart. */
static int _thread_pending(void)
{
    int64_t mask;
    const struct hl_proc_field field = {"SigPnd:", 16, &mask};

    hl_proc_scan("/proc/thread-self/status", &field, 1);
    return mask < 0 || (mask & ((int64_t)1 << (SIGPIPE - 1)));
}

int hl_write_nosigpipe(int fd, const char *data, size_t len)
{
    static const struct timespec now = {0, 0};
    sigset_t sigpipe, old, pending;
    int saved_errno = errno, err = 0, was_ours;

    sigemptyset(&sigpipe);
    sigaddset(&sigpipe, SIGPIPE);
    sigprocmask(SIG_BLOCK, &sigpipe, &old);
    was_ours = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) &&
               _thread_pending();
    while (len) {
        ssize_t n = write(fd, data, len);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            err = n < 0 ? errno : EIO;
            break;
        }
        data += n;
        len -= (size_t)n;
    }
    /* Blocked, the signal stays pending even where it is ignored; taken
     * from this thread's set first, where the write put it. */
    if (err == EPIPE && !was_ours)
        sigtimedwait(&sigpipe, NULL, &now);
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = err ? err : saved_errno;
    return err ? -1 : 0;
}

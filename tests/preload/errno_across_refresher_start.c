/* The library starts a refresher (preload/record/refresh.h) when a process
 * with a record starts and in each child it forks, from children of its
 * own that share the process's memory, and with it the thread-local errno
 * of the thread that forks, while that thread goes on. This program sets
 * errno to a mark at the start of main and, in each of ten children it
 * forks, as soon as fork returns, then watches it, with no call that could
 * write it, until the library's middle child (a clone child, whose exit
 * signal is 0) has ended, which it does once the refresher has executed:
 * however long that takes, the whole of the children's work is watched.
 * Prints "parent: errno kept" (or "parent: errno N"), then the same for
 * each child, and exits 0; 77 where the library has no system calls that
 * leave errno alone (it then waits for its children itself). */
#define _GNU_SOURCE
#include "record/raw_syscall.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define _MARK 4242
#define _CHILDREN 10

/* errno as it is once the middle child is done: waitid(WNOWAIT) sees it
 * ended without reaping it (the library reaps it), or finds none. */
static int _watch(void)
{
    siginfo_t info;

    for (;;) {
        long r;

        if (errno != _MARK)
            return errno;
        info.si_pid = 0;
        r = hl_raw_syscall(SYS_waitid, P_ALL, 0, (long)&info,
                           WEXITED | WNOHANG | WNOWAIT | __WCLONE, 0);
        if (r == -ECHILD || (r == 0 && info.si_pid))
            return errno;
    }
}

static void _say(const char *who, int err)
{
    if (err == _MARK)
        printf("%s: errno kept\n", who);
    else
        printf("%s: errno %d\n", who, err);
    fflush(stdout);
}

int main(void)
{
    int err;

    errno = _MARK;
    if (!HL_RAW_SYSCALLS)
        return 77;
    err = _watch();
    _say("parent", err);
    for (int i = 0; i < _CHILDREN; i++) {
        int status;
        pid_t pid = fork();

        if (pid == 0) {
            errno = _MARK;
            err = _watch();
            _say("child", err);
            _exit(0);
        }
        if (pid < 0 || waitpid(pid, &status, 0) != pid)
            return 1;
    }
    return 0;
}

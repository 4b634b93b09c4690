/* Running heapline-report with a time limit (see run_report.h). */
#include "run_report.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How often the parent looks whether the report has ended. */
#define HL_POLL_NS (50 * 1000 * 1000)

/*
 * srun blocks or catches signals of its own; the report must start with
 * the default dispositions so that it can be stopped like any program.
 */
static void _exec_child(char *const argv[], int out_fd)
{
    sigset_t none;

    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    if (dup2(out_fd, STDOUT_FILENO) < 0)
        _exit(126);
    execv(argv[0], argv);
    _exit(127);
}

/* Waits for pid for at most timeout_s seconds; 0 with *status, or -1. */
static int _wait_bounded(pid_t pid, unsigned timeout_s, int *status)
{
    const struct timespec tick = {0, HL_POLL_NS};
    unsigned long ticks = timeout_s * (1000000000UL / HL_POLL_NS);

    for (unsigned long i = 0; i <= ticks; i++) {
        pid_t r = waitpid(pid, status, WNOHANG);

        if (r == pid)
            return 0;
        if (r < 0 && errno != EINTR)
            return -1;
        nanosleep(&tick, NULL);
    }
    kill(pid, SIGKILL);
    while (waitpid(pid, status, 0) < 0 && errno == EINTR)
        ;
    errno = ETIMEDOUT;
    return -1;
}

static void _describe(int status, const char *prog, char *why, size_t size)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        snprintf(why, size, "cannot run %s", prog);
    else if (WIFEXITED(status))
        snprintf(why, size, "%s exited with status %d", prog,
                 WEXITSTATUS(status));
    else
        snprintf(why, size, "%s was killed by signal %d", prog,
                 WTERMSIG(status));
}

/* heapline-report's exit status when it wrote a report (see its man page). */
static int _wrote_report(int status)
{
    return WIFEXITED(status) &&
           (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 1);
}

static int _start(char *const argv[], int out, pid_t *pid, char *why,
                  size_t why_size)
{
    *pid = fork();
    if (*pid == 0)
        _exec_child(argv, out);
    close(out);
    if (*pid < 0) {
        snprintf(why, why_size, "cannot start %s: %s", argv[0],
                 strerror(errno));
        return -1;
    }
    return 0;
}

int hl_run_report(char *const argv[], int dirfd, const char *out_name,
                  unsigned timeout_s, char *why, size_t why_size)
{
    char tmp[256];
    int status, out;
    pid_t pid;

    snprintf(tmp, sizeof(tmp), ".%s.tmp", out_name);
    out = openat(dirfd, tmp,
                 O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (out < 0) {
        snprintf(why, why_size, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    if (_start(argv, out, &pid, why, why_size) < 0) {
        unlinkat(dirfd, tmp, 0);
        return -1;
    }
    if (_wait_bounded(pid, timeout_s, &status) < 0) {
        if (errno == ETIMEDOUT)
            snprintf(why, why_size, "%s did not end within %u s", argv[0],
                     timeout_s);
        else
            snprintf(why, why_size, "cannot wait for %s: %s", argv[0],
                     strerror(errno));
        unlinkat(dirfd, tmp, 0);
        return -1;
    }
    if (!_wrote_report(status)) {
        _describe(status, argv[0], why, why_size);
        unlinkat(dirfd, tmp, 0);
        return -1;
    }
    if (renameat(dirfd, tmp, dirfd, out_name) < 0) {
        snprintf(why, why_size, "cannot rename %s: %s", tmp, strerror(errno));
        unlinkat(dirfd, tmp, 0);
        return -1;
    }
    return WEXITSTATUS(status);
}

int hl_copy_file(int dirfd, const char *name, int fd)
{
    char buf[8192];
    ssize_t n;
    int in = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    int rc = 0;

    if (in < 0)
        return -1;
    while ((n = read(in, buf, sizeof(buf))) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 || write(fd, buf, n) != n) {
            rc = -1;
            break;
        }
    }
    close(in);
    return rc;
}

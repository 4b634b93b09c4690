/* pipe2() */
#define _GNU_SOURCE
#include "run_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static long long _now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int _spawn(char *const argv[], int out_fd, pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    int rc;

    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    rc = posix_spawnp(pid, argv[0], &fa, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    return rc;
}

/* Reads until end of file or the deadline; false on the deadline. */
static int _drain(int fd, long long deadline, char *buf, size_t cap,
                  size_t *len)
{
    char sink[4096];

    for (;;) {
        struct pollfd pfd = {fd, POLLIN, 0};
        long long left = deadline - _now_ms();
        int r;
        ssize_t n;

        if (left <= 0)
            return 0;
        r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return 0;
        if (*len + 1 < cap)
            n = read(fd, buf + *len, cap - 1 - *len);
        else
            n = read(fd, sink, sizeof(sink));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 1;
        if (*len + 1 < cap)
            *len += (size_t)n;
    }
}

int hl_run_capture(char *const argv[], int timeout_ms, char *buf, size_t cap,
                   size_t *len)
{
    long long deadline = _now_ms() + timeout_ms;
    int fds[2], status, done;
    pid_t pid;

    *len = 0;
    buf[0] = '\0';
    if (pipe2(fds, O_CLOEXEC) < 0)
        return -1;
    if (_spawn(argv, fds[1], &pid) != 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    close(fds[1]);
    done = _drain(fds[0], deadline, buf, cap, len);
    buf[*len] = '\0';
    close(fds[0]);
    if (!done)
        kill(-pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (!done || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

/* pipe2() */
#define _GNU_SOURCE
#include "run_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* How often a command that closed its stdout is looked at until it has
 * exited: it is exiting, so this is short. */
#define _REAP_TICK_MS 1

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

int hl_cmd_start(struct hl_cmd *c, char *const argv[])
{
    int fds[2];

    c->pid = 0;
    c->fd = -1;
    c->len = 0;
    c->out[0] = '\0';
    c->status = -1;
    c->ended = false;
    if (pipe2(fds, O_CLOEXEC) < 0) {
        c->ended = true;
        return -1;
    }
    if (_spawn(argv, fds[1], &c->pid) != 0) {
        close(fds[0]);
        close(fds[1]);
        c->pid = 0;
        c->ended = true;
        return -1;
    }
    close(fds[1]);
    c->fd = fds[0];
    return 0;
}

/* One read of c's stdout; its end closes the pipe. */
static void _read_some(struct hl_cmd *c)
{
    char sink[4096];
    size_t room = sizeof(c->out) - 1 - c->len;
    ssize_t n = room ? read(c->fd, c->out + c->len, room)
                     : read(c->fd, sink, sizeof(sink));

    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        close(c->fd);
        c->fd = -1;
        return;
    }
    if (room)
        c->len += (size_t)n;
    c->out[c->len] = '\0';
}

/* Reaps c if it has exited: true then. */
static bool _reaped(struct hl_cmd *c)
{
    int status;
    pid_t r = waitpid(c->pid, &status, WNOHANG);

    if (r == 0 || (r < 0 && errno == EINTR))
        return false;
    c->status = r == c->pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    c->pid = 0;
    c->ended = true;
    return true;
}

int hl_cmd_wait(struct hl_cmd *cmds, size_t n, int64_t wake_ms)
{
    for (;;) {
        struct pollfd pfd[8];
        size_t who[8], npfd = 0;
        bool running = false, exiting = false;
        int64_t left;
        int timeout;

        for (size_t i = 0; i < n; i++) {
            if (!cmds[i].pid)
                continue;
            if (cmds[i].fd < 0 && _reaped(&cmds[i]))
                return (int)i;
            running = true;
            exiting |= cmds[i].fd < 0;
            if (cmds[i].fd >= 0 && npfd < 8) {
                pfd[npfd] = (struct pollfd){cmds[i].fd, POLLIN, 0};
                who[npfd++] = i;
            }
        }
        left = wake_ms - hl_now_ms();
        if (!running || left <= 0)
            return -1;
        timeout = left > 1000000 ? 1000000 : (int)left;
        /* A command that closed its stdout is exiting: look again soon,
         * whatever the others do (its end may be what they wait for). */
        if (exiting && timeout > _REAP_TICK_MS)
            timeout = _REAP_TICK_MS;
        if (poll(pfd, npfd, timeout) <= 0)
            continue;
        for (size_t k = 0; k < npfd; k++)
            if (pfd[k].revents)
                _read_some(&cmds[who[k]]);
    }
}

void hl_cmd_stop(struct hl_cmd *c)
{
    int status;

    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    if (!c->pid)
        return;
    /* A command stuck in the kernel (a hung file system) may not die at
     * once: it is left to be reaped at the report's end. */
    hl_child_kill(c->pid, 1, HL_KILL_GRACE_MS, &status);
    c->pid = 0;
    c->status = -1;
    c->ended = true;
}

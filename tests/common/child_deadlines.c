/*
 * Children with a deadline (common/child.h), the plugin's and the
 * report's: a wait gives up at its deadline (a writer stuck
 * on a hung file system must not hold slurmstepd), a kill reaps, and a
 * child keeps no descriptor of its parent's but the one it is given.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "../tap.h"

/* A child that ends is waited for as long as it takes (49 days: no limit
 * in effect): a hang is CI's to catch. */
#define NO_LIMIT_MS UINT_MAX

static void _sleep_forever(void)
{
    execl("/bin/sleep", "sleep", "infinity", (char *)NULL);
    _exit(127);
}

static pid_t _spawn_sleep(void)
{
    pid_t pid = fork();

    if (pid == 0)
        _sleep_forever();
    return pid;
}

/* A group of two: a child, leader of its own process group, and its
 * child, whose pid is put in *grandchild once it runs. */
static pid_t _spawn_group(pid_t *grandchild)
{
    int fds[2];
    pid_t pid;

    if (pipe(fds) < 0)
        return -1;
    pid = fork();
    if (pid == 0) {
        pid_t g;

        setpgid(0, 0);
        g = fork();
        if (g == 0)
            _sleep_forever();
        (void)!write(fds[1], &g, sizeof(g));
        _sleep_forever();
    }
    close(fds[1]);
    setpgid(pid, pid);
    if (read(fds[0], grandchild, sizeof(*grandchild)) != sizeof(*grandchild))
        *grandchild = -1;
    close(fds[0]);
    return pid;
}

int main(void)
{
    int status = -1, keep, other;
    int64_t start;
    pid_t pid, grandchild;

    /* The group's grandchild, orphaned by the kill, comes back to us. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    pid = fork();
    if (pid == 0)
        _exit(7);
    ok(hl_child_wait(pid, hl_now_ms() + NO_LIMIT_MS, &status) == 0 &&
           WIFEXITED(status) && WEXITSTATUS(status) == 7,
       "a child that ends is reaped with its status");

    pid = _spawn_sleep();
    start = hl_now_ms();
    ok(hl_child_wait(pid, start + 300, &status) < 0 && errno == ETIMEDOUT,
       "a child that does not end: the wait gives up at its deadline");
    ok(hl_now_ms() - start >= 300, "not before it");
    ok(kill(pid, 0) == 0, "and the child is left running");
    ok(hl_child_kill(pid, 0, NO_LIMIT_MS, &status) == 0 &&
           WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
       "then killed and reaped");

    /* The grandchild's own end tells whether the group kill reached it: a
     * SIGTERM sent after the kill ends it with SIGKILL if that is pending
     * already, with SIGTERM if not (its sleep never ends by itself). */
    pid = _spawn_group(&grandchild);
    ok(grandchild > 0 && hl_child_kill(pid, 1, NO_LIMIT_MS, &status) == 0 &&
           kill(grandchild, SIGTERM) == 0 &&
           waitpid(grandchild, &status, 0) == grandchild &&
           WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
       "a group kill kills the whole group, the leader's child too");

    keep = open("/dev/null", O_RDONLY);
    other = open("/dev/null", O_RDONLY);
    pid = fork();
    if (pid == 0) {
        hl_child_close_fds(&keep, 1);
        _exit((fcntl(keep, F_GETFD) >= 0 ? 0 : 1) |
              (fcntl(other, F_GETFD) < 0 ? 0 : 2));
    }
    ok(hl_child_wait(pid, hl_now_ms() + NO_LIMIT_MS, &status) == 0 &&
           WIFEXITED(status) && WEXITSTATUS(status) == 0,
       "a child keeps the descriptor it is given, and no other (%d)",
       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return done_testing();
}

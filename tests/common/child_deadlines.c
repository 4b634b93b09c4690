/*
 * Children with a deadline (common/child.h), the plugin's and the
 * report's: a wait gives up at its deadline (a writer stuck
 * on a hung file system must not hold slurmstepd), a kill reaps, and a
 * child keeps no descriptor of its parent's but the one it is given.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "../tap.h"

/* How long a child that ends is waited for: a guard against a hang, never a
 * speed limit (a loaded machine with sanitizers stretched 10 s waits). */
#define HANG_MS (30 * 60 * 1000)

static pid_t _spawn_sleep(void)
{
    pid_t pid = fork();

    if (pid == 0) {
        execl("/bin/sleep", "sleep", "30", (char *)NULL);
        _exit(127);
    }
    return pid;
}

int main(void)
{
    int status = -1, keep, other;
    int64_t start;
    pid_t pid;

    pid = fork();
    if (pid == 0)
        _exit(7);
    ok(hl_child_wait(pid, hl_now_ms() + HANG_MS, &status) == 0 &&
           WIFEXITED(status) && WEXITSTATUS(status) == 7,
       "a child that ends is reaped with its status");

    pid = _spawn_sleep();
    start = hl_now_ms();
    ok(hl_child_wait(pid, start + 300, &status) < 0 && errno == ETIMEDOUT,
       "a child that does not end: the wait gives up at its deadline");
    ok(hl_now_ms() - start >= 300, "not before it");
    ok(kill(pid, 0) == 0, "and the child is left running");
    ok(hl_child_kill(pid, 0, HANG_MS, &status) == 0 && WIFSIGNALED(status) &&
           WTERMSIG(status) == SIGKILL,
       "then killed and reaped");

    pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        if (fork() == 0) {
            execl("/bin/sleep", "sleep", "30", (char *)NULL);
            _exit(127);
        }
        execl("/bin/sleep", "sleep", "30", (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    ok(hl_child_kill(pid, 1, HANG_MS, &status) == 0 && kill(-pid, 0) < 0,
       "a group kill leaves nothing of the group running");

    keep = open("/dev/null", O_RDONLY);
    other = open("/dev/null", O_RDONLY);
    pid = fork();
    if (pid == 0) {
        hl_child_close_fds(&keep, 1);
        _exit((fcntl(keep, F_GETFD) >= 0 ? 0 : 1) |
              (fcntl(other, F_GETFD) < 0 ? 0 : 2));
    }
    ok(hl_child_wait(pid, hl_now_ms() + HANG_MS, &status) == 0 &&
           WIFEXITED(status) && WEXITSTATUS(status) == 0,
       "a child keeps the descriptor it is given, and no other (%d)",
       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return done_testing();
}

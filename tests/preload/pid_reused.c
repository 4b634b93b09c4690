/* pid_reused: a child executes this program to hold 1 MB and exit; then a
 * second child is given the first one's pid (clone3's set_tid, as the
 * kernel gives a pid again once pid_max wraps, which a long job of short
 * processes reaches on a node of 32,768 pids) and executes it to hold
 * 2 MB and exit. Prints "pid P" (the pid both had) and exits 0; exits 77
 * where the kernel refuses set_tid (it needs CAP_SYS_ADMIN, Linux 5.5). */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int _hold(const char *mb)
{
    size_t n = (size_t)atoi(mb) << 20;
    char *p = malloc(n);

    if (!p)
        return 99;
    memset(p, 1, n);
    return 0;
}

static pid_t _run(pid_t want, const char *mb)
{
    struct clone_args args = {.exit_signal = SIGCHLD};
    pid_t pid;

    if (want) {
        args.set_tid = (uint64_t)(uintptr_t)&want;
        args.set_tid_size = 1;
    }
    pid = (pid_t)syscall(SYS_clone3, &args, sizeof(args));
    if (pid == 0) {
        execl("/proc/self/exe", "pid_reused", "hold", mb, (char *)NULL);
        _exit(99);
    }
    return pid;
}

static int _waited(pid_t pid)
{
    int status;

    return waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv)
{
    pid_t first, second;

    if (argc == 3 && !strcmp(argv[1], "hold"))
        return _hold(argv[2]);
    first = _run(0, "1");
    if (first < 0 || !_waited(first)) {
        perror("pid_reused: first child");
        return 99;
    }
    second = _run(first, "2");
    if (second < 0) {
        fprintf(stderr, "pid_reused: clone3 set_tid: %s\n", strerror(errno));
        return errno == EPERM || errno == ENOSYS || errno == EINVAL ? 77 : 99;
    }
    if (second != first || !_waited(second)) {
        fprintf(stderr, "pid_reused: second child %d, not %d\n", second, first);
        return 99;
    }
    printf("pid %d\n", first);
    return 0;
}

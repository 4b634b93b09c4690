/* kill_at_syscall N PROGRAM [ARG...]: runs PROGRAM under ptrace and kills
 * it with SIGKILL as it enters its Nth system call after it called
 * close(-77), its mark (marks_then_exits makes it just before it returns
 * from main, so that what is counted is heapline's exit path). Exits 0
 * once it killed PROGRAM there, 3 if PROGRAM ended before, 1 on error. A
 * test calls it with N = 1, 2, ... until it says 3: every step of the exit
 * path is then cut once. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define MARK_FD (-77)

int main(int argc, char **argv)
{
    struct __ptrace_syscall_info info;
    long n, seen = -1; /* system calls entered since the mark */
    int status;
    pid_t pid;

    if (argc < 3 || (n = atol(argv[1])) < 1) {
        fprintf(stderr, "usage: kill_at_syscall N PROGRAM [ARG...]\n");
        return 1;
    }
    pid = fork();
    if (pid == 0) {
        ptrace(PTRACE_TRACEME, 0, NULL, NULL);
        raise(SIGSTOP);
        execvp(argv[2], argv + 2);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid ||
        ptrace(PTRACE_SETOPTIONS, pid, NULL,
               PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL) < 0) {
        perror("kill_at_syscall");
        return 1;
    }
    for (int sig = 0;;) {
        if (ptrace(PTRACE_SYSCALL, pid, NULL, (void *)(long)sig) < 0 ||
            waitpid(pid, &status, 0) != pid)
            return 1;
        if (WIFEXITED(status) || WIFSIGNALED(status))
            return 3;
        sig = 0;
        if (WSTOPSIG(status) != (SIGTRAP | 0x80)) {
            if (WSTOPSIG(status) != SIGTRAP)
                sig = WSTOPSIG(status);
            continue;
        }
        if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, (void *)sizeof(info), &info) <=
                0 ||
            info.op != PTRACE_SYSCALL_INFO_ENTRY)
            continue;
        if (seen < 0) {
            if (info.entry.nr == SYS_close &&
                (int)info.entry.args[0] == MARK_FD)
                seen = 0;
            continue;
        }
        if (++seen == n) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return 0;
        }
    }
}

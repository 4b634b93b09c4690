/* A timer's signal a millisecond after the main thread arms it, whose
 * handler forks a child that exits at once and waits for it, while the
 * main thread allocates and frees blocks of 8 KiB, arming the timer again
 * once the handler has run, until 300 children have run (so that however
 * long a fork takes, the thread goes on between two). Prints "forked 300"
 * at the end. With every allocation sampled, the signal often comes while
 * the thread walks its own stack: the handler's fork must not wait for
 * that walk, which cannot end before the handler returns
 * (fork_in_handler_during_walk_no_hang.py). */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILDREN 300
#define BLOCK 8192

static volatile sig_atomic_t _forked, _failed, _armed;

static void _fork_one(int sig)
{
    int saved = errno, status;
    pid_t pid;

    (void)sig;
    pid = fork();
    if (pid == 0)
        _exit(0);
    if (pid < 0 || waitpid(pid, &status, 0) != pid || status != 0)
        _failed = 1;
    _forked = _forked + 1;
    _armed = 0;
    errno = saved;
}

int main(void)
{
    struct sigaction sa = {.sa_handler = _fork_one, .sa_flags = SA_RESTART};
    struct itimerval once = {{0, 0}, {0, 1000}};

    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGALRM, &sa, NULL)) {
        perror("fork_in_handler");
        return 99;
    }
    while (_forked < CHILDREN && !_failed) {
        if (!_armed) {
            _armed = 1;
            if (setitimer(ITIMER_REAL, &once, NULL)) {
                perror("fork_in_handler");
                return 99;
            }
        }
        /* volatile: a malloc and free of a block unused may be left out. */
        char *volatile p = malloc(BLOCK);

        if (!p) {
            fputs("fork_in_handler: malloc failed\n", stderr);
            return 99;
        }
        p[0] = 1;
        free(p);
    }
    printf("forked %d%s\n", (int)_forked, _failed ? ", a child failed" : "");
    return _failed;
}

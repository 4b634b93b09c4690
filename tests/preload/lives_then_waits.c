/* lives_then_waits MS: allocates and touches 4 MiB a MiB at a time (heap
 * milestones), sleeps MS milliseconds, allocates and touches 4 MiB more
 * (milestones again, MS later), with errno set to a mark around those
 * allocations; prints "refreshers N", the library's refreshers of this
 * process, "children N", its child processes, and "ready", then waits for
 * a line on stdin.
 * Then, as a program that manages its children would: "wait ECHILD" if
 * waitpid(-1) finds no child of its own, "sigchld N" the SIGCHLDs it got,
 * forks a child that exits 7 and prints "child 7" if waitpid(-1) returns
 * it, "errno kept" if the mark survived its allocations; exits 5. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define _MARK 4242

static volatile sig_atomic_t _sigchld;

static void _on_sigchld(int sig)
{
    (void)sig;
    _sigchld++;
}

/* Returns 0 if errno kept the mark across the allocations. */
static int _allocate_4_mib(void)
{
    int kept = 1;

    for (int i = 0; i < 4; i++) {
        char *block;

        errno = _MARK;
        block = malloc(1 << 20);
        kept = kept && errno == _MARK;
        if (!block)
            exit(2);
        memset(block, 1, 1 << 20);
    }
    return kept ? 0 : -1;
}

/* Processes whose parent is this one (children), and processes named
 * heapline-refresh whose first argument is this one's pid (refreshers). */
static void _count(int *children, int *refreshers)
{
    DIR *proc = opendir("/proc");
    struct dirent *e;
    char mine[64];
    int mine_len =
        snprintf(mine, sizeof(mine), "heapline-refresh%c%d", 0, (int)getpid()) +
        1;

    *children = *refreshers = 0;
    while (proc && (e = readdir(proc))) {
        char path[300], text[1024], *close_paren;
        size_t n;
        FILE *f;
        int ppid = 0;

        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
        if ((f = fopen(path, "r"))) {
            if (fgets(text, sizeof(text), f) &&
                (close_paren = strrchr(text, ')')) &&
                sscanf(close_paren + 1, " %*c %d", &ppid) == 1 &&
                ppid == getpid())
                ++*children;
            fclose(f);
        }
        snprintf(path, sizeof(path), "/proc/%s/cmdline", e->d_name);
        if ((f = fopen(path, "r"))) {
            n = fread(text, 1, sizeof(text), f);
            if (n >= (size_t)mine_len && !memcmp(text, mine, (size_t)mine_len))
                ++*refreshers;
            fclose(f);
        }
    }
    if (proc)
        closedir(proc);
}

int main(int argc, char **argv)
{
    struct timespec pause = {0, 0};
    long ms = atol(argc > 1 ? argv[1] : "0");
    char line[16];
    int status, kept, children, refreshers;
    pid_t child;

    signal(SIGCHLD, _on_sigchld);
    kept = _allocate_4_mib();
    pause.tv_sec = ms / 1000;
    pause.tv_nsec = ms % 1000 * 1000000;
    nanosleep(&pause, NULL);
    kept |= _allocate_4_mib();
    _count(&children, &refreshers);
    printf("refreshers %d\nchildren %d\nready\n", refreshers, children);
    fflush(stdout);
    if (!fgets(line, sizeof(line), stdin))
        return 3;
    if (waitpid(-1, &status, 0) < 0 && errno == ECHILD)
        printf("wait ECHILD\n");
    printf("sigchld %d\n", (int)_sigchld);
    child = fork();
    if (child == 0)
        _exit(7);
    if (child > 0 && waitpid(-1, &status, 0) == child && WIFEXITED(status) &&
        WEXITSTATUS(status) == 7)
        printf("child 7\n");
    if (kept == 0)
        printf("errno kept\n");
    return 5;
}

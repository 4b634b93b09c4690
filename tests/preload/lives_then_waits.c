/* lives_then_waits MS: allocates and touches 4 MiB a MiB at a time (heap
 * milestones), sleeps MS milliseconds, allocates and touches 4 MiB more
 * (milestones again, MS later), with errno set to a mark around those
 * allocations; waits, as long as it takes, until no child of its own runs
 * its image (the library's middle child, which shares its memory, ends by
 * itself once the refresher it starts has executed: then what is counted
 * is what was started, not how far it got); prints "refreshers N", the
 * processes that hold its record (the file it maps shared) as their fd 3
 * or run heapline-refresh for its pid, "children N", its child processes
 * that have not ended, and "ready", then waits for a line on stdin.
 * Then, as a program that manages its children would: "wait ECHILD" if
 * waitpid(-1) finds no child of its own, "sigchld N" the SIGCHLDs it got,
 * forks a child that exits 7 and prints "child 7" if waitpid(-1) returns
 * it, "errno kept" if the mark survived its allocations; exits 5. When it
 * counts other than one refresher, it says on stderr what it saw of each
 * process that is its child or runs heapline-refresh (but others' ended
 * ones): pid, state, parent, fd 3, the start of its command line. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
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

/* The files this process maps shared: its record, which the library
 * maps to rewrite in place. */
struct _files {
    dev_t dev[8];
    ino_t ino[8];
    int n;
};

static void _shared_maps(struct _files *out)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096], perms[8];
    unsigned major_of, minor_of;
    unsigned long ino;

    out->n = 0;
    while (maps && fgets(line, sizeof(line), maps) && out->n < 8)
        if (sscanf(line, "%*x-%*x %7s %*x %x:%x %lu", perms, &major_of,
                   &minor_of, &ino) == 4 &&
            perms[3] == 's' && ino) {
            out->dev[out->n] = makedev(major_of, minor_of);
            out->ino[out->n++] = (ino_t)ino;
        }
    if (maps)
        fclose(maps);
}

/* Whether process pid (a name in /proc) holds one of the files as its fd
 * 3, or runs heapline-refresh for this process. */
static int _refresher(const char *pid, const struct _files *record)
{
    char path[300], text[1024], mine[64];
    struct stat st;
    size_t n;
    FILE *f;
    int mine_len =
        snprintf(mine, sizeof(mine), "heapline-refresh%c%d", 0, (int)getpid()) +
        1;

    snprintf(path, sizeof(path), "/proc/%s/fd/3", pid);
    if (stat(path, &st) == 0)
        for (int i = 0; i < record->n; i++)
            if (st.st_dev == record->dev[i] && st.st_ino == record->ino[i])
                return 1;
    snprintf(path, sizeof(path), "/proc/%s/cmdline", pid);
    if (!(f = fopen(path, "r")))
        return 0;
    n = fread(text, 1, sizeof(text), f);
    fclose(f);
    return n >= (size_t)mine_len && !memcmp(text, mine, (size_t)mine_len);
}

/* For a count other than one: what this process saw of pid's. */
static void _describe(const char *pid, char state, int ppid)
{
    char path[300], fd3[300] = "", text[64] = "";
    ssize_t n;
    FILE *f;

    snprintf(path, sizeof(path), "/proc/%s/fd/3", pid);
    if ((n = readlink(path, fd3, sizeof(fd3) - 1)) >= 0)
        fd3[n] = '\0';
    snprintf(path, sizeof(path), "/proc/%s/cmdline", pid);
    if ((f = fopen(path, "r"))) {
        size_t len = fread(text, 1, sizeof(text) - 1, f);

        for (size_t i = 0; i < len; i++)
            if (!text[i])
                text[i] = ' ';
        text[len] = '\0';
        fclose(f);
    }
    fprintf(stderr, "seen: pid %s state %c ppid %d fd3 '%s' cmdline '%s'\n",
            pid, state, ppid, fd3, text);
}

/* Whether process pid (a name in /proc) runs the file of image. */
static int _runs(const char *pid, const struct stat *image)
{
    char path[300];
    struct stat st;

    snprintf(path, sizeof(path), "/proc/%s/exe", pid);
    return stat(path, &st) == 0 && st.st_dev == image->st_dev &&
           st.st_ino == image->st_ino;
}

/* Of the processes but this one and those that have ended (zombies): the
 * children that run this one's image (starting), the children, and the
 * refreshers. */
static void _count(const struct _files *record, int *starting, int *children,
                   int *refreshers, int describe)
{
    DIR *proc = opendir("/proc");
    struct dirent *e;
    struct stat image;

    if (stat("/proc/self/exe", &image) < 0)
        exit(2);

    *starting = *children = *refreshers = 0;
    while (proc && (e = readdir(proc))) {
        char path[300], text[1024], *close_paren, state = 0;
        FILE *f;
        int ppid = 0;

        if (e->d_name[0] < '0' || e->d_name[0] > '9' ||
            atoi(e->d_name) == (int)getpid())
            continue;
        snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
        if (!(f = fopen(path, "r")))
            continue;
        if (!fgets(text, sizeof(text), f) ||
            !(close_paren = strrchr(text, ')')) ||
            sscanf(close_paren + 1, " %c %d", &state, &ppid) != 2)
            state = 'Z';
        fclose(f);
        if (describe && (ppid == getpid() ||
                         (state != 'Z' && (_refresher(e->d_name, record) ||
                                           strstr(text, "(heapline-refr")))))
            _describe(e->d_name, state, ppid);
        if (state == 'Z' || state == 'X')
            continue;
        *refreshers += _refresher(e->d_name, record);
        *children += ppid == getpid();
        *starting += ppid == getpid() && _runs(e->d_name, &image);
    }
    if (proc)
        closedir(proc);
}

int main(int argc, char **argv)
{
    struct timespec pause = {0, 0};
    long ms = atol(argc > 1 ? argv[1] : "0");
    char line[16];
    struct timespec poll = {0, 1000000};
    int status, kept, starting, children, refreshers;
    struct _files record;
    pid_t child;

    signal(SIGCHLD, _on_sigchld);
    kept = _allocate_4_mib();
    pause.tv_sec = ms / 1000;
    pause.tv_nsec = ms % 1000 * 1000000;
    nanosleep(&pause, NULL);
    kept |= _allocate_4_mib();
    _shared_maps(&record);
    for (;;) {
        _count(&record, &starting, &children, &refreshers, 0);
        if (!starting)
            break;
        nanosleep(&poll, NULL);
    }
    if (refreshers != 1) {
        fprintf(stderr, "refreshers %d, record's files %d\n", refreshers,
                record.n);
        _count(&record, &starting, &children, &refreshers, 1);
    }
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

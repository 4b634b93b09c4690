/*
 * A node-local folder whose slurmstepd died (its lock gone with it) is
 * merged, provisional record included, into node-NAME.heapline of the step
 * folder its .step file names, saying so in the missing column; one whose
 * step folder is gone is removed. Left alone: a folder still locked (a
 * live step), the sweeping step's own, another node's, one not yet marked,
 * and a symbolic link, whose target keeps its files.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stepd/orphans.h"
#include "../../tap.h"
#include "buf.h"
#include "format_write.h"
#include "record_format.h"

static char _top[] = "/tmp/hl-orphans-XXXXXX";

static void _path(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s/%s", _top, name);
}

static int _mkdir(const char *name)
{
    char path[256];

    _path(path, sizeof(path), name);
    mkdir(path, 0755);
    return open(path, O_RDONLY | O_DIRECTORY);
}

static int _exists(const char *name)
{
    char path[256];
    struct stat st;

    _path(path, sizeof(path), name);
    return lstat(path, &st) == 0;
}

/* The provisional record of rank 3, as a task killed in its run leaves. */
static void _provisional(int dirfd)
{
    struct hl_record_row row = {
        .rank = 3,
        .host = "n1",
        .pid = 4242,
        .job = "81.0",
        .elapsed_ms = 1500,
        .allocs = 10,
        .frees = 9,
        .peak_heap = 123456789,
        .vmhwm = 4096 * 40000,
        .vmrss_at_exit = 4096,
        .end = HL_RECORD_UNFINISHED,
    };
    char text[2048];
    size_t offset[HL_REC_NCOLUMNS];
    struct hl_buf b;
    int fd = openat(dirfd, "task-3.4242.csv", O_WRONLY | O_CREAT, 0600);

    hl_buf_init(&b, text, sizeof(text));
    hl_format_write_fixed(&b, &hl_record_format, &row, offset,
                          HL_COL_CALLSITES);
    if (write(fd, text, b.len) != (ssize_t)b.len)
        perror("write");
    close(fd);
}

/* A node-local folder of a slurmstepd that marked it and died. */
static void _dead(const char *name, const char *step)
{
    char step_path[256];
    int fd = _mkdir(name);
    pid_t pid;

    _path(step_path, sizeof(step_path), step);
    _provisional(fd);
    pid = fork();
    if (pid == 0)
        _exit(hl_orphan_guard(fd, step_path) ? 1 : 0);
    waitpid(pid, NULL, 0);
    close(fd);
}

static char *_slurp(const char *name)
{
    static char buf[1 << 16];
    char path[256];
    int fd;
    ssize_t n;

    _path(path, sizeof(path), name);
    fd = open(path, O_RDONLY);
    n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
    if (fd >= 0)
        close(fd);
    buf[n < 0 ? 0 : n] = '\0';
    return buf;
}

int main(void)
{
    char base[256], step2[256], victim[256];
    size_t removed = 99;
    int live, fd, merged;

    if (!mkdtemp(_top))
        return 1;
    _path(base, sizeof(base), "tmp");
    close(_mkdir("tmp"));
    close(_mkdir("step1"));
    close(_mkdir("step2"));
    _dead("tmp/heapline-81.0.n1", "step1");
    _dead("tmp/heapline-81.5.n1", "gone");
    _dead("tmp/heapline-81.0.n2", "step1");
    /* A live step's folder: locked by this process's description. */
    live = _mkdir("tmp/heapline-81.1.n1");
    _provisional(live);
    _path(step2, sizeof(step2), "step2");
    is_int(hl_orphan_guard(live, step2), 0, "a live step marks its folder");
    fd = _mkdir("tmp/heapline-81.2.n1");
    _provisional(fd);
    close(fd);
    fd = _mkdir("tmp/heapline-81.4.n1");
    _provisional(fd);
    close(fd);
    /* A link named like a dead folder, to a marked folder of the user's. */
    _dead("victim", "step1");
    _path(victim, sizeof(victim), "victim");
    symlink(victim, strcat(strcpy(step2, base), "/heapline-81.3.n1"));

    merged = hl_orphans_sweep(base, "n1", "heapline-81.2.n1", &removed);
    is_int(merged, 1, "one dead folder merged");
    is_int(removed, 1, "one removed: its step folder is gone");
    ok(_exists("step1/node-n1.heapline"), "into its step folder's node file");
    ok(strstr(_slurp("step1/node-n1.heapline"),
              "slurmstepd ended before its tasks") != NULL,
       "whose missing column says how it came there");
    ok(strstr(_slurp("step1/node-n1.heapline"), ",unfinished\n") != NULL,
       "with the killed task's provisional record");
    ok(!_exists("tmp/heapline-81.0.n1"), "the dead folder is removed after");
    ok(!_exists("tmp/heapline-81.5.n1"),
       "the folder whose step folder is gone is removed");
    ok(_exists("tmp/heapline-81.1.n1/task-3.4242.csv") &&
           !_exists("step2/node-n1.heapline"),
       "the live step's folder is left alone");
    ok(_exists("tmp/heapline-81.2.n1/task-3.4242.csv"),
       "the sweeping step's own folder is left alone");
    ok(_exists("tmp/heapline-81.0.n2/task-3.4242.csv"),
       "another node's folder is left alone");
    ok(_exists("tmp/heapline-81.4.n1/task-3.4242.csv"),
       "a folder not marked yet is left alone");
    ok(_exists("tmp/heapline-81.3.n1") && _exists("victim/task-3.4242.csv"),
       "a link is not followed: its target keeps its files");
    close(live);
    snprintf(victim, sizeof(victim), "rm -rf %s", _top);
    if (system(victim) != 0)
        return 99;
    return done_testing();
}

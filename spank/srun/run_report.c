/* Running heapline-report with a time limit (see run_report.h). */
#define _GNU_SOURCE
#include "run_report.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"

/* How often the report's end is looked for while its stderr is quiet. */
#define HL_POLL_MS 20
/* After the report has exited, how long its stderr may take to close. */
#define HL_DRAIN_MS 1000

struct _run {
    pid_t pid;
    int err_fd; /* the read end of the report's stderr, -1 at its end */
    int64_t deadline;
    bool exited; /* seen by waitid(WNOWAIT): not reaped yet */
};

/* The page's descriptor, if any, at HL_REPORT_PAGE_FD and kept open
 * across exec (dup2 onto itself would leave its O_CLOEXEC). */
static int _place_page(int fd)
{
    if (fd < 0)
        return 0;
    if (fd == HL_REPORT_PAGE_FD)
        return fcntl(fd, F_SETFD, 0);
    return dup2(fd, HL_REPORT_PAGE_FD) < 0 ? -1 : 0;
}

/*
 * srun blocks or catches signals of its own; the report must start with
 * the default dispositions so that it can be stopped like any program.
 * It gets no descriptor of srun's but its output, error and page.
 */
static void _exec_child(char *const argv[], int out_fd, int err_fd, int page_fd)
{
    const int page = HL_REPORT_PAGE_FD;
    sigset_t none;

    setpgid(0, 0);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    if (dup2(out_fd, STDOUT_FILENO) < 0 || dup2(err_fd, STDERR_FILENO) < 0 ||
        _place_page(page_fd) < 0)
        _exit(126);
    hl_child_close_fds(&page, page_fd >= 0);
    execv(argv[0], argv);
    _exit(127);
}

/* Copies what the report wrote on its stderr so far; EOF closes err_fd. */
static void _copy_err(struct _run *r)
{
    char buf[4096];
    ssize_t n = read(r->err_fd, buf, sizeof(buf));

    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        close(r->err_fd);
        r->err_fd = -1;
        return;
    }
    for (ssize_t done = 0, w; done < n; done += w) {
        w = write(STDERR_FILENO, buf + done, n - done);
        if (w < 0 && errno != EINTR)
            break;
        if (w < 0)
            w = 0;
    }
}

/* Whether the report has exited, without reaping it; a report that cannot
 * be waited for at all (ECHILD) is over for us too. */
static void _note_exit(struct _run *r)
{
    siginfo_t info = {0};
    int rc = waitid(P_PID, r->pid, &info, WEXITED | WNOHANG | WNOWAIT);

    if ((rc == 0 && info.si_pid == r->pid) || (rc < 0 && errno == ECHILD))
        r->exited = true;
}

/*
 * Follows the report until it has exited and its stderr is closed, or
 * the deadline: after its exit, its group is killed (a background child
 * it left) and its stderr given HL_DRAIN_MS more at most.
 */
static void _follow(struct _run *r)
{
    int64_t drain_end = 0;
    long pause_us = 500; /* once stderr is closed, the exit is near */

    while (!r->exited || r->err_fd >= 0) {
        int64_t now = hl_now_ms();
        int64_t end =
            r->exited && drain_end < r->deadline ? drain_end : r->deadline;
        struct pollfd p = {r->err_fd, POLLIN, 0};

        if (now >= end)
            break;
        if (r->err_fd < 0) {
            struct timespec tick = {0, pause_us * 1000};

            nanosleep(&tick, NULL);
            pause_us = pause_us * 2 < HL_POLL_MS * 1000L ? pause_us * 2
                                                         : HL_POLL_MS * 1000L;
        } else if (poll(&p, 1,
                        end - now < HL_POLL_MS ? end - now : HL_POLL_MS) > 0) {
            _copy_err(r);
        }
        if (!r->exited) {
            _note_exit(r);
            if (r->exited) {
                kill(-r->pid, SIGKILL);
                drain_end = hl_now_ms() + HL_DRAIN_MS;
            }
        }
    }
    if (r->err_fd >= 0)
        close(r->err_fd);
}

static void _wait_failed(const char *prog, unsigned timeout_s, char *why,
                         size_t size)
{
    if (errno == ETIMEDOUT)
        snprintf(why, size, "%s did not end within %u s", prog, timeout_s);
    else
        snprintf(why, size, "cannot wait for %s: %s", prog, strerror(errno));
}

static void _describe(int status, const char *prog, char *why, size_t size)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        snprintf(why, size, "cannot run %s", prog);
    else if (WIFEXITED(status))
        snprintf(why, size, "%s exited with status %d%s", prog,
                 WEXITSTATUS(status),
                 WEXITSTATUS(status) == 1 ? " and wrote no report" : "");
    else
        snprintf(why, size, "%s was killed by signal %d", prog,
                 WTERMSIG(status));
}

static int _start(char *const argv[], int out, int page, struct _run *r,
                  char *why, size_t why_size)
{
    int pipefd[2];

    if (pipe2(pipefd, O_CLOEXEC) < 0) {
        snprintf(why, why_size, "cannot start %s: %s", argv[0],
                 strerror(errno));
        return -1;
    }
    r->pid = fork();
    if (r->pid == 0)
        _exec_child(argv, out, pipefd[1], page);
    close(pipefd[1]);
    if (r->pid < 0) {
        close(pipefd[0]);
        snprintf(why, why_size, "cannot start %s: %s", argv[0],
                 strerror(errno));
        return -1;
    }
    /* Also here: the group must exist before we may have to kill it. */
    setpgid(r->pid, r->pid);
    r->err_fd = pipefd[0];
    return 0;
}

/*
 * The hidden output file, made by us: a FIFO or anything else planted
 * under its name is refused without blocking (O_NONBLOCK), a symlink not
 * followed.
 */
static int _open_output(int dirfd, const char *tmp, char *why, size_t size)
{
    struct stat st;
    int fd =
        openat(dirfd, tmp,
               O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);

    if (fd < 0) {
        snprintf(why, size, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) < 0)
        snprintf(why, size, "cannot write %s: %s", tmp, strerror(errno));
    else if (!S_ISREG(st.st_mode))
        snprintf(why, size, "cannot write %s: %s", tmp,
                 S_ISFIFO(st.st_mode) ? "a FIFO is there, not a regular file"
                                      : "it is not a regular file");
    else if (ftruncate(fd, 0) < 0)
        snprintf(why, size, "cannot write %s: %s", tmp, strerror(errno));
    else
        return fd;
    close(fd);
    return -1;
}

/* Copies the report from its file; true if it holds anything. */
static bool _copy_output(int fd, int to)
{
    char buf[8192];
    bool any = false;
    ssize_t n;

    if (lseek(fd, 0, SEEK_SET) < 0)
        return false;
    while ((n = read(fd, buf, sizeof(buf))) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        any = true;
        if (to >= 0 && write(to, buf, n) != n)
            to = -1;
    }
    return any;
}

/* Reaps the report, killing its group first if it has not ended. */
static int _reap(struct _run *r, int *status)
{
    if (r->exited)
        return hl_child_wait(r->pid, hl_now_ms() + HL_KILL_GRACE_MS, status);
    hl_child_kill(r->pid, 1, HL_KILL_GRACE_MS, status);
    errno = ETIMEDOUT;
    return -1;
}

/* Renames the hidden file tmp to name; -1 with the reason in why. */
static int _keep(int dirfd, const char *tmp, const char *name, char *why,
                 size_t size)
{
    if (renameat(dirfd, tmp, dirfd, name) == 0)
        return 0;
    snprintf(why, size, "cannot rename %s: %s", tmp, strerror(errno));
    return -1;
}

/* The page is kept if the report wrote one: a report that does not know
 * --html= leaves the file empty. */
static int _keep_page(int dirfd, int fd, const char *tmp,
                      struct hl_report_files *files, char *why, size_t size)
{
    struct stat st;

    if (fstat(fd, &st) < 0 || st.st_size == 0)
        return 0;
    if (_keep(dirfd, tmp, files->page, why, size) < 0)
        return -1;
    files->page_kept = true;
    return 0;
}

int hl_run_report(char *const argv[], int dirfd, struct hl_report_files *files,
                  unsigned timeout_s, int copy_fd, char *why, size_t why_size)
{
    char tmp[256], page_tmp[256];
    struct _run r = {0, -1, 0, false};
    int status, out, page = -1, rc = -1;

    files->page_kept = false;
    snprintf(tmp, sizeof(tmp), ".%s.tmp", files->text);
    out = _open_output(dirfd, tmp, why, why_size);
    if (out < 0)
        return -1;
    if (files->page) {
        snprintf(page_tmp, sizeof(page_tmp), ".%s.tmp", files->page);
        page = _open_output(dirfd, page_tmp, why, why_size);
        if (page < 0) {
            close(out);
            unlinkat(dirfd, tmp, 0);
            return -1;
        }
    }
    r.deadline = hl_now_ms() + (int64_t)timeout_s * 1000;
    if (_start(argv, out, page, &r, why, why_size) == 0) {
        _follow(&r);
        if (_reap(&r, &status) < 0)
            _wait_failed(argv[0], timeout_s, why, why_size);
        else if (WIFEXITED(status) && WEXITSTATUS(status) <= 1 &&
                 (WEXITSTATUS(status) == 0 || _copy_output(out, -1)))
            rc = WEXITSTATUS(status);
        else
            _describe(status, argv[0], why, why_size);
    }
    if (rc >= 0 && page >= 0 &&
        _keep_page(dirfd, page, page_tmp, files, why, why_size) < 0)
        rc = -1;
    if (rc >= 0 && _keep(dirfd, tmp, files->text, why, why_size) < 0)
        rc = -1;
    if (rc >= 0)
        _copy_output(out, copy_fd);
    close(out);
    if (rc < 0)
        unlinkat(dirfd, tmp, 0);
    if (rc < 0 && files->page_kept) {
        unlinkat(dirfd, files->page, 0);
        files->page_kept = false;
    }
    if (page >= 0) {
        close(page);
        if (!files->page_kept)
            unlinkat(dirfd, page_tmp, 0);
    }
    return rc;
}

/*
 * Running the report: output kept in a file and copied out, failures told
 * apart (a non-zero exit is one, with its status), and nothing the report
 * leaves behind outlives it or holds our standard error.
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "srun/run_report.h"
#include "../../tap.h"

/* The deadline of a report that is to end: none in effect (136 years).
 * A report that hangs is given 1 s, the deadline being what is tested. */
#define NO_LIMIT_S UINT_MAX

static char copied[512];

/* Runs script as the report, with a page (report.html) if files->page. */
static int _run_files(int dfd, const char *script, unsigned timeout,
                      struct hl_report_files *files, char *why, size_t size)
{
    char *argv[] = {"/bin/sh", "-c", (char *)script, "report", NULL};
    int pfd[2], rc;
    ssize_t n;

    if (pipe(pfd) < 0)
        exit(99);
    rc = hl_run_report(argv, dfd, files, timeout, pfd[1], why, size);
    close(pfd[1]);
    n = read(pfd[0], copied, sizeof(copied) - 1);
    copied[n > 0 ? n : 0] = '\0';
    close(pfd[0]);
    return rc;
}

static int _run(int dfd, const char *script, unsigned timeout, char *why,
                size_t size)
{
    struct hl_report_files files = {"report.txt", NULL, false};

    return _run_files(dfd, script, timeout, &files, why, size);
}

/* What heapline-report does with --html=FILE: opens FILE, truncates it. */
#define _WRITE_PAGE "echo '<p>page</p>' > " HL_REPORT_PAGE_PATH "; "

static void _slurp(int dfd, const char *name, char *buf, size_t size)
{
    int fd = openat(dfd, name, O_RDONLY);
    ssize_t n = fd < 0 ? 0 : read(fd, buf, size - 1);

    buf[n > 0 ? n : 0] = '\0';
    if (fd >= 0)
        close(fd);
}

/* Whether the process whose pid the file name in dfd holds is running
 * (a zombie left to an init that does not reap is not). */
static int _running(int dfd, const char *name)
{
    char buf[64], state = 0;
    FILE *f;

    _slurp(dfd, name, buf, sizeof(buf));
    snprintf(copied, sizeof(copied), "/proc/%ld/stat", atol(buf));
    f = atol(buf) > 0 ? fopen(copied, "r") : NULL;
    if (!f)
        return 0;
    if (fscanf(f, "%*d %*s %c", &state) != 1)
        state = 0;
    fclose(f);
    return state && state != 'Z' && state != 'X';
}

/* Whether the report's group kill reached the background child whose pid
 * the file name holds. An orphan once the report is reaped, it is ours (we
 * are a subreaper): a SIGTERM sent now ends it with the SIGKILL if that is
 * pending already, with SIGTERM if not; its own end tells, however long
 * the kill takes to act. */
static int _killed_with_group(int dfd, const char *name)
{
    char buf[64];
    pid_t pid;
    int status;

    _slurp(dfd, name, buf, sizeof(buf));
    pid = (pid_t)atol(buf);
    return pid > 0 && kill(pid, SIGTERM) == 0 &&
           waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) &&
           WTERMSIG(status) == SIGKILL;
}

static void _kill(int dfd, const char *name)
{
    char buf[64];

    _slurp(dfd, name, buf, sizeof(buf));
    if (atol(buf) > 0)
        kill(atol(buf), SIGKILL);
}

/* Whether name in dfd is a regular file (not a link, not a FIFO). */
static int _regular(int dfd, const char *name)
{
    struct stat st;

    return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
           S_ISREG(st.st_mode);
}

/* The page: the report's second output, on its descriptor 3. */
static void _page_cases(int dfd, const char *top)
{
    struct hl_report_files files = {"report.txt", "report.html", false};
    char why[256], buf[512];

    unlinkat(dfd, ".report.txt.tmp", 0);
    ok(_run_files(dfd, _WRITE_PAGE "echo text", NO_LIMIT_S, &files, why,
                  sizeof(why)) == 0 &&
           files.page_kept,
       "a report that writes its page on %s: kept", HL_REPORT_PAGE_PATH);
    _slurp(dfd, "report.html", buf, sizeof(buf));
    is_str(buf, "<p>page</p>\n", "as report.html, beside report.txt");
    ok(access(".report.html.tmp", F_OK) < 0 &&
           access(".report.txt.tmp", F_OK) < 0,
       "and no hidden file is left");
    ok(_run_files(dfd, "ls -A; echo text", NO_LIMIT_S, &files, why,
                  sizeof(why)) == 0 &&
           !files.page_kept,
       "a report that writes no page: none kept");
    _slurp(dfd, "report.txt", buf, sizeof(buf));
    ok(strstr(buf, ".report.html.tmp\n") != NULL,
       "while it ran, the page was a hidden file the report skips");
    unlinkat(dfd, "report.html", 0);
    ok(_run_files(dfd, _WRITE_PAGE "exit 2", NO_LIMIT_S, &files, why,
                  sizeof(why)) < 0 &&
           !files.page_kept && access("report.html", F_OK) < 0 &&
           access(".report.html.tmp", F_OK) < 0,
       "a report that fails after writing its page leaves no page");
    /* 4 is the one ls opens to read the folder: none was free below. */
    ok(_run_files(dfd, "exec ls /proc/self/fd", NO_LIMIT_S, &files, why,
                  sizeof(why)) == 0,
       "a report that lists its descriptors");
    is_str(copied, "0\n1\n2\n3\n4\n", "had none but 0 to 3");

    snprintf(buf, sizeof(buf), "%s/elsewhere", top);
    ok(symlink(buf, "report.html") == 0 && system("echo mine > elsewhere") == 0,
       "plant a link at report.html to another file");
    ok(_run_files(dfd, _WRITE_PAGE "echo text", NO_LIMIT_S, &files, why,
                  sizeof(why)) == 0 &&
           _regular(dfd, "report.html"),
       "the link is replaced by the page, a regular file");
    _slurp(dfd, "elsewhere", buf, sizeof(buf));
    is_str(buf, "mine\n", "and the file it named is left as it was");
    ok(unlink("report.html") == 0 && mkfifo("report.html", 0644) == 0,
       "plant a FIFO at report.html");
    ok(_run_files(dfd, _WRITE_PAGE "echo text", NO_LIMIT_S, &files, why,
                  sizeof(why)) == 0 &&
           _regular(dfd, "report.html"),
       "not opened, not waited on: replaced by the page");
    ok(mkfifo(".report.html.tmp", 0644) == 0 &&
           _run_files(dfd, "echo ran > ran", NO_LIMIT_S, &files, why,
                      sizeof(why)) < 0 &&
           strstr(why, ".report.html.tmp: a FIFO"),
       "a FIFO at the page's hidden name: refused at once: %s", why);
    ok(access("ran", F_OK) < 0 && access(".report.txt.tmp", F_OK) < 0,
       "the report not run, no hidden file of ours left");
}

int main(void)
{
    char tmpl[] = "/tmp/hl-runreport-XXXXXX", why[256], buf[512];
    char *top = mkdtemp(tmpl);
    int dfd;

    /* The scripts below leave their files here. */
    if (!top || chdir(top) < 0 || (dfd = open(top, O_RDONLY | O_DIRECTORY)) < 0)
        return 99;
    /* The reports' background children, orphaned, come back to us. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    ok(_run(dfd, "echo per node; echo suggested", NO_LIMIT_S, why,
            sizeof(why)) == 0,
       "a report that succeeds");
    is_str(copied, "per node\nsuggested\n", "its standard output is copied");
    _slurp(dfd, "report.txt", buf, sizeof(buf));
    is_str(buf, "per node\nsuggested\n", "and kept in the file");

    snprintf(buf, sizeof(buf), "ls -A '%s'; exit 1", top);
    ok(_run(dfd, buf, NO_LIMIT_S, why, sizeof(why)) == 1,
       "status 1 with a report: some inputs skipped, still a report");
    _slurp(dfd, "report.txt", buf, sizeof(buf));
    ok(strstr(buf, ".report.txt.tmp\n") != NULL,
       "while it runs, its output is a hidden file the report skips");
    ok(_run(dfd, "exit 1", NO_LIMIT_S, why, sizeof(why)) < 0 &&
           strstr(why, "exited with status 1 and wrote no report"),
       "status 1 with no output (report=/bin/false) failed: %s", why);
    ok(_run(dfd, "echo other; exit 2", NO_LIMIT_S, why, sizeof(why)) < 0 &&
           strstr(why, "status 2"),
       "status 2 (nothing reported) is told: %s", why);
    _slurp(dfd, "report.txt", buf, sizeof(buf));
    ok(strstr(buf, "report.txt") && !strstr(buf, "other"),
       "and the earlier report.txt is left as it was");
    ok(_run(dfd, "kill -9 $$", NO_LIMIT_S, why, sizeof(why)) < 0 &&
           strstr(why, "signal 9"),
       "a killed report is told: %s", why);
    ok(_run(dfd, "exec sleep infinity", 1, why, sizeof(why)) < 0 &&
           strstr(why, "within 1 s"),
       "a report that hangs is stopped: %s", why);
    {
        char *argv[] = {"/nonexistent/heapline-report", NULL};
        struct hl_report_files files = {"report.txt", NULL, false};

        ok(hl_run_report(argv, dfd, &files, NO_LIMIT_S, -1, why, sizeof(why)) <
                   0 &&
               strstr(why, "cannot run"),
           "a missing report is told: %s", why);
    }

    ok(_run(dfd, "sleep infinity >&2 & echo $! > bg.pid; echo done", NO_LIMIT_S,
            why, sizeof(why)) == 0 &&
           strcmp(copied, "done\n") == 0,
       "a report that leaves a child holding its stderr still reports");
    ok(_killed_with_group(dfd, "bg.pid"),
       "and that child is killed with its group");
    ok(_run(dfd, "sleep infinity >&2 & echo $! > bg.pid; exec sleep infinity",
            1, why, sizeof(why)) < 0 &&
           strstr(why, "within 1 s"),
       "a report that hangs with a child: stopped at the deadline");
    ok(_killed_with_group(dfd, "bg.pid"), "and its child killed too");
    ok(_run(dfd,
            "rm -f bg.pid; "
            "setsid sh -c 'echo $$ > bg.pid; exec sleep infinity' >&2 & "
            "until [ -s bg.pid ]; do sleep 0.01; done; echo done",
            NO_LIMIT_S, why, sizeof(why)) == 0,
       "a report whose child left its group (setsid) and holds its stderr");
    ok(_running(dfd, "bg.pid"),
       "is not waited for: the child still runs, our stderr is let go");
    _kill(dfd, "bg.pid");

    ok(mkfifo(".report.txt.tmp", 0644) == 0, "plant a FIFO at the hidden "
                                             "output's name");
    ok(_run(dfd, "echo ran > ran", NO_LIMIT_S, why, sizeof(why)) < 0 &&
           strstr(why, "FIFO"),
       "refused at once, not waited on: %s", why);
    ok(access("ran", F_OK) < 0, "and the report not run");
    _page_cases(dfd, top);
    close(dfd);
    snprintf(buf, sizeof(buf), "cd / && rm -rf '%s'", top);
    if (system(buf) != 0)
        return 99;
    return done_testing();
}

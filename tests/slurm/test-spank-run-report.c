/* Running the report: output kept in a file, failures told apart. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../spank/run_report.h"
#include "tap.h"

static int _run(int dfd, const char *script, unsigned timeout, char *why,
                size_t size)
{
    char *argv[] = {"/bin/sh", "-c", (char *)script, "report", NULL};

    return hl_run_report(argv, dfd, "report.txt", timeout, why, size);
}

static void _slurp(int dfd, char *buf, size_t size)
{
    int fd = openat(dfd, "report.txt", O_RDONLY);
    ssize_t n = fd < 0 ? 0 : read(fd, buf, size - 1);

    buf[n > 0 ? n : 0] = '\0';
    if (fd >= 0)
        close(fd);
}

int main(void)
{
    char tmpl[] = "/tmp/hl-runreport-XXXXXX", why[256], buf[256];
    char *top = mkdtemp(tmpl);
    int dfd, pfd[2];
    ssize_t n;

    if (!top || (dfd = open(top, O_RDONLY | O_DIRECTORY)) < 0)
        return 99;
    ok(_run(dfd, "echo per node; echo suggested", 10, why, sizeof(why)) == 0,
       "a report that succeeds");
    if (pipe(pfd) < 0)
        return 99;
    ok(hl_copy_file(dfd, "report.txt", pfd[1]) == 0, "copied out");
    close(pfd[1]);
    n = read(pfd[0], buf, sizeof(buf) - 1);
    buf[n > 0 ? n : 0] = '\0';
    is_str(buf, "per node\nsuggested\n", "its standard output is the file");

    snprintf(buf, sizeof(buf), "ls -A '%s'; exit 1", top);
    ok(_run(dfd, buf, 10, why, sizeof(why)) == 1,
       "status 1 (some inputs skipped) still gives a report");
    _slurp(dfd, buf, sizeof(buf));
    ok(strstr(buf, ".report.txt.tmp\n"),
       "while it runs, its output is a hidden file the report skips");
    ok(_run(dfd, "echo other; exit 2", 10, why, sizeof(why)) < 0 &&
           strstr(why, "status 2"),
       "status 2 (nothing reported) is told: %s", why);
    _slurp(dfd, buf, sizeof(buf));
    ok(strstr(buf, "report.txt") && !strstr(buf, "other"),
       "and the earlier report.txt is left as it was");
    ok(_run(dfd, "kill -9 $$", 10, why, sizeof(why)) < 0 &&
           strstr(why, "signal 9"),
       "a killed report is told: %s", why);
    ok(_run(dfd, "exec sleep 30", 1, why, sizeof(why)) < 0 &&
           strstr(why, "within 1 s"),
       "a report that hangs is stopped: %s", why);
    {
        char *argv[] = {"/nonexistent/heapline-report", NULL};

        ok(hl_run_report(argv, dfd, "report.txt", 10, why, sizeof(why)) < 0 &&
               strstr(why, "cannot run"),
           "a missing report is told: %s", why);
    }
    close(dfd);
    snprintf(buf, sizeof(buf), "rm -rf '%s'", top);
    if (system(buf) != 0)
        return 99;
    return tap_done();
}

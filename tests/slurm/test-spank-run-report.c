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

    ok(_run(dfd, "exit 3", 10, why, sizeof(why)) < 0 &&
           strstr(why, "status 3"),
       "a failing report is told: %s", why);
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

#include "sacct.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "run_cmd.h"

/* A retry interval short beside the ~0.3 s it takes a finished step to
 * reach the database. */
#define _RETRY_MS 300

static long long _now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool _is_step_of(const char *jobid, const char *job)
{
    size_t n = strlen(job);

    return strncmp(jobid, job, n) == 0 && jobid[n] == '.' && jobid[n + 1];
}

/* 1 when out holds the step's row, or for a whole job (no ".STEP") a row
 * of one of its steps; 0 when the database does not have it yet. */
static int _pick(const char *job, const char *out, struct hl_sacct_row *row,
                 struct hl_sacct_row *req)
{
    bool whole_job = strchr(job, '.') == NULL;
    int found = 0;

    for (const char *line = out; *line;) {
        size_t n = strcspn(line, "\n");
        struct hl_sacct_row r;
        int bad = hl_sacct_parse_line(line, n, &r);

        line += n + (line[n] == '\n');
        if (bad)
            continue;
        if (strcmp(r.jobid, job) == 0)
            *req = r;
        if (whole_job ? !_is_step_of(r.jobid, job) : strcmp(r.jobid, job) != 0)
            continue;
        /* For a whole job, the step of largest MaxRSS speaks for it. */
        if (!found ||
            (r.has_maxrss && (!row->has_maxrss || r.maxrss > row->maxrss)))
            *row = r;
        found = 1;
    }
    return found;
}

int hl_sacct_query(const char *job, int timeout_ms, struct hl_sacct_row *row,
                   struct hl_sacct_row *req)
{
    char *argv[] = {"sacct",
                    "-j",
                    (char *)job,
                    "-o",
                    "JobID,MaxRSS,MaxRSSNode,MaxRSSTask,ReqMem,TRESUsageInTot",
                    "--parsable2",
                    "--noheader",
                    NULL};
    long long deadline = _now_ms() + timeout_ms;
    bool one_step = strchr(job, '.') != NULL;
    int found = 0;
    char out[16384];
    size_t len;

    memset(row, 0, sizeof(*row));
    memset(req, 0, sizeof(*req));
    for (;;) {
        long long left = deadline - _now_ms();
        struct timespec pause = {0, _RETRY_MS * 1000000L};

        if (left <= 0 ||
            hl_run_capture(argv, (int)left, out, sizeof(out), &len) != 0)
            return found ? 0 : -1;
        /* A step's row comes when it ends, its usage (MaxRSS among it)
         * with slurmstepd's own message, which can come later: wait for
         * both. A step too short to be sampled has usage and no MaxRSS. */
        if (_pick(job, out, row, req)) {
            found = 1;
            if (!one_step || row->has_maxrss || row->has_usage)
                return 0;
        }
        if (deadline - _now_ms() <= _RETRY_MS)
            return found ? 0 : -1;
        nanosleep(&pause, NULL);
    }
}

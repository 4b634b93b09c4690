#include "sacct.h"

#include <stdio.h>
#include <string.h>

void hl_sacct_argv(const char *job, bool alloc_only, char id[64],
                   char *argv[10])
{
    int n = 0;

    snprintf(id, 64, "%.*s", alloc_only ? (int)strcspn(job, ".") : 63, job);
    argv[n++] = "sacct";
    if (alloc_only)
        argv[n++] = "-X";
    argv[n++] = "-j";
    argv[n++] = id;
    argv[n++] = "-o";
    argv[n++] = HL_SACCT_FIELDS;
    argv[n++] = "--parsable2";
    argv[n++] = "--noheader";
    argv[n] = NULL;
}

static bool _is_step_of(const char *jobid, const char *job)
{
    size_t n = strlen(job);

    return strncmp(jobid, job, n) == 0 && jobid[n] == '.' && jobid[n + 1];
}

unsigned hl_sacct_pick(const char *job, const char *out,
                       struct hl_sacct_row *row, struct hl_sacct_row *req)
{
    size_t idlen = strcspn(job, ".");
    bool whole_job = job[idlen] == '\0';
    unsigned found = 0;

    for (const char *line = out; *line;) {
        size_t n = strcspn(line, "\n");
        struct hl_sacct_row r;
        int bad = hl_sacct_parse_line(line, n, &r);

        line += n + (line[n] == '\n');
        if (bad)
            continue;
        if (strlen(r.jobid) == idlen && strncmp(r.jobid, job, idlen) == 0) {
            *req = r;
            found |= HL_SACCT_GOT_JOB;
        }
        if (whole_job ? !_is_step_of(r.jobid, job) : strcmp(r.jobid, job) != 0)
            continue;
        /* For a whole job, the step of largest MaxRSS speaks for it. */
        if (!(found & HL_SACCT_GOT_STEP) ||
            (r.has_maxrss && (!row->has_maxrss || r.maxrss > row->maxrss)))
            *row = r;
        found |= HL_SACCT_GOT_STEP;
    }
    return found;
}

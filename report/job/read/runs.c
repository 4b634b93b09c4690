#define _GNU_SOURCE /* qsort_r */
#include "runs.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "job/natural_order.h"

static int _cmp_run(const void *a, const void *b, void *jobs)
{
    return hl_natural_cmp(
        hl_strpool_get(jobs, ((const struct hl_run *)a)->job),
        hl_strpool_get(jobs, ((const struct hl_run *)b)->job));
}

int hl_runs_find(const struct hl_procset *set, struct hl_runs *runs)
{
    size_t njobs = set->jobs.count;
    size_t *records = calloc(njobs ? njobs : 1, sizeof(*records));

    memset(runs, 0, sizeof(*runs));
    runs->runs = calloc(njobs ? njobs : 1, sizeof(*runs->runs));
    if (!records || !runs->runs) {
        free(records);
        hl_runs_free(runs);
        return -1;
    }
    for (size_t i = 0; i < set->count; i++)
        records[set->procs[i].job]++;
    for (uint32_t j = 0; j < njobs; j++)
        if (records[j])
            runs->runs[runs->count++] = (struct hl_run){j, records[j]};
    free(records);
    qsort_r(runs->runs, runs->count, sizeof(*runs->runs), _cmp_run,
            (void *)&set->jobs);
    return 0;
}

void hl_runs_free(struct hl_runs *runs)
{
    free(runs->runs);
    memset(runs, 0, sizeof(*runs));
}

const char *hl_runs_job(const struct hl_runs *runs,
                        const struct hl_strpool *jobs)
{
    const char *job = NULL;

    for (size_t i = 0; i < runs->count; i++) {
        const char *j = hl_strpool_get(jobs, runs->runs[i].job);

        if (!j[0])
            continue;
        if (job)
            return NULL;
        job = j;
    }
    return job;
}

bool hl_job_selects(const char *job, const char *record_job)
{
    size_t n = strlen(job);

    if (strncmp(job, record_job, n) != 0)
        return false;
    return record_job[n] == '\0' ||
           (record_job[n] == '.' && strchr(job, '.') == NULL);
}

size_t hl_keep_job(struct hl_procset *set, const char *job)
{
    size_t kept = 0, left_out;

    for (size_t i = 0; i < set->count; i++)
        if (hl_job_selects(job, hl_strpool_get(&set->jobs, set->procs[i].job)))
            set->procs[kept++] = set->procs[i];
    left_out = set->count - kept;
    set->count = kept;
    return left_out;
}

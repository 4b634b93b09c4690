#include "slurm_facts.h"

#include <stdio.h>
#include <string.h>

#include "sacct.h"
#include "scontrol.h"

const char *hl_records_job(const struct hl_procset *set)
{
    const char *job = NULL;

    for (size_t i = 0; i < set->count; i++) {
        const char *j = hl_strpool_get(&set->jobs, set->procs[i].job);

        if (!j[0])
            continue;
        if (job && strcmp(job, j) != 0)
            return NULL;
        job = j;
    }
    return job;
}

void hl_ask_slurm(struct hl_report *r, const char *job, int timeout_ms)
{
    struct hl_sacct_row row, req;
    uint64_t bytes;
    bool per_cpu;

    if (hl_sacct_query(job, timeout_ms, &row, &req) == 0) {
        r->sacct.known = true;
        snprintf(r->sacct.step, sizeof(r->sacct.step), "%s", row.jobid);
        r->sacct.maxrss = row.maxrss;
        snprintf(r->sacct.node, sizeof(r->sacct.node), "%s", row.node);
        r->sacct.has_task = row.has_task;
        r->sacct.task = row.task;
    }
    if (r->req.kind != HL_REQ_NONE)
        return;
    if (hl_scontrol_request(job, timeout_ms, &bytes, &per_cpu) == 0) {
        r->req.source = "scontrol";
    } else if (req.has_reqmem) {
        bytes = req.reqmem;
        per_cpu = req.reqmem_per_cpu;
        r->req.source = "sacct ReqMem";
    } else {
        return;
    }
    r->req.kind = per_cpu ? HL_REQ_MEM_PER_CPU : HL_REQ_MEM;
    r->req.bytes = bytes;
}

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

/* The request from sacct's ReqMem, which only the job's own row carries.
 * Since Slurm 21.08 it is the job's total: each node's share is that over
 * the nodes of the records. */
static void _request_from_sacct(struct hl_report *r, const char *job,
                                int timeout_ms, bool sacct_answered,
                                struct hl_sacct_row *req)
{
    struct hl_sacct_row ignored;
    char id[64];
    size_t len = strcspn(job, ".");
    size_t nodes = r->sum->nnodes;

    if (!req->has_reqmem && sacct_answered && job[len] && len < sizeof(id)) {
        memcpy(id, job, len);
        id[len] = '\0';
        hl_sacct_query(id, timeout_ms, &ignored, req);
    }
    if (!req->has_reqmem)
        return;
    r->req.kind = req->reqmem_kind == 'c' ? HL_REQ_MEM_PER_CPU : HL_REQ_MEM;
    r->req.bytes = req->reqmem;
    snprintf(r->req.source, sizeof(r->req.source), "sacct ReqMem");
    if (req->reqmem_kind == 't' && nodes > 1) {
        r->req.bytes = req->reqmem / nodes + (req->reqmem % nodes != 0);
        snprintf(r->req.source, sizeof(r->req.source),
                 "sacct ReqMem / %zu nodes", nodes);
    }
}

void hl_ask_slurm(struct hl_report *r, const char *job, int timeout_ms)
{
    struct hl_sacct_row row, req;
    struct hl_scontrol_request sc;
    bool answered = hl_sacct_query(job, timeout_ms, &row, &req) == 0;

    if (answered && row.has_maxrss) {
        r->sacct.known = true;
        snprintf(r->sacct.step, sizeof(r->sacct.step), "%s", row.jobid);
        r->sacct.maxrss = row.maxrss;
        snprintf(r->sacct.node, sizeof(r->sacct.node), "%s", row.node);
        r->sacct.has_task = row.has_task;
        r->sacct.task = row.task;
    }
    if (r->req.kind != HL_REQ_NONE)
        return;
    if (hl_scontrol_request(job, timeout_ms, &sc) == 0) {
        r->req.kind = sc.per_cpu ? HL_REQ_MEM_PER_CPU : HL_REQ_MEM;
        r->req.bytes = sc.bytes;
        r->req.cpus_per_rank = sc.cpus_per_task;
        snprintf(r->req.source, sizeof(r->req.source), "scontrol");
        return;
    }
    _request_from_sacct(r, job, timeout_ms, answered, &req);
}

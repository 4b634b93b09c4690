/*
 * Slurm's API as the plugin and heapline-admin-comment use it, the same
 * whatever release's headers they are built against, 22.05 to 26.05:
 * each difference between the releases settled here alone, from what
 * configure found in those headers (m4/hl_slurm_compat.m4), never from
 * their version number.
 */
#ifndef HL_SLURM_COMPAT_H
#define HL_SLURM_COMPAT_H

#include "config.h"

#include <slurm/slurm.h>
#include <slurm/slurmdb.h>

/* Before 23.02, a list was a List and its iterator a ListIterator. */
#ifndef HL_SLURM_HAVE_LIST_T
typedef struct xlist list_t;
typedef struct listIterator list_itr_t;
#endif

/* What slurm_hostlist_create returns: before 23.11, hostlist_t was the
 * pointer; it is the struct since. */
#ifdef HL_SLURM_HOSTLIST_POINTER
typedef hostlist_t hl_hostlist;
#else
typedef hostlist_t *hl_hostlist;
#endif

/* The job as slurm_load_job takes it: 26.05 names it by a step id. */
#ifdef HL_SLURM_LOAD_JOB_STEP_ID
static inline slurm_step_id_t hl_slurm_job_ref(uint32_t job)
{
    return (slurm_step_id_t){
        .job_id = job, .step_id = NO_VAL, .step_het_comp = NO_VAL};
}
#else
static inline uint32_t hl_slurm_job_ref(uint32_t job)
{
    return job;
}
#endif

/*
 * A job record that changes nothing when given to slurmdb_job_modify, as
 * Slurm's own slurmdb_create_job_rec makes it for sacctmgr (libslurm
 * does not export it): NO_VAL in what would otherwise change; the record
 * had an lft until 25.05.
 */
static inline void hl_slurmdb_job_rec_unchanged(slurmdb_job_rec_t *rec)
{
    *rec = (slurmdb_job_rec_t){.array_task_id = NO_VAL,
                               .derived_ec = NO_VAL,
                               .requid = -1,
                               .resvid = NO_VAL,
                               .state = JOB_PENDING};
#ifdef HL_SLURM_JOB_REC_LFT
    rec->lft = NO_VAL;
#endif
}

#endif

/* Reading the step's ids (see step_ids.h). */
#include "step_ids.h"

#include <stdlib.h>

/* Slurm's NO_VAL: S_JOB_ARRAY_TASK_ID of a job that is no array task. */
#define HL_SLURM_NO_VAL 0xfffffffeu

/* The job's environment: slurmstepd's copy of it, or srun's own. */
static const char *_env(spank_t sp, bool remote, const char *name, char *buf,
                        size_t size)
{
    if (!remote)
        return getenv(name);
    return spank_getenv(sp, name, buf, size) == ESPANK_SUCCESS ? buf : NULL;
}

/*
 * Each component of a heterogeneous job is a job of its own, but srun
 * gives every task SLURM_JOB_ID of the first, and numbers the tasks and
 * the steps across components: the step is the leader's. The leader's id
 * is never above a component's.
 */
static void _het_leader(spank_t sp, bool remote, struct hl_step_id *id,
                        bool *het)
{
    char buf[32];
    uint32_t leader;

    *het = _env(sp, remote, "SLURM_HET_SIZE", buf, sizeof(buf)) ||
           _env(sp, remote, "SLURM_PACK_SIZE", buf, sizeof(buf));
    if (*het &&
        hl_parse_id(_env(sp, remote, "SLURM_JOB_ID", buf, sizeof(buf)),
                    &leader) == 0 &&
        leader <= id->job)
        id->job = leader;
}

/*
 * slurmstepd knows the array task; srun inside an array job's script has
 * the variables, and they are its job's when SLURM_JOB_ID is too.
 */
static void _array(spank_t sp, bool remote, struct hl_step_id *id, uint32_t job)
{
    uint32_t a, t, j;

    if (remote) {
        if (spank_get_item(sp, S_JOB_ARRAY_ID, &a) == ESPANK_SUCCESS &&
            spank_get_item(sp, S_JOB_ARRAY_TASK_ID, &t) == ESPANK_SUCCESS &&
            a != 0 && t < HL_SLURM_NO_VAL) {
            id->array_job = a;
            id->array_task = t;
        }
        return;
    }
    if (hl_parse_id(getenv("SLURM_ARRAY_JOB_ID"), &a) == 0 &&
        hl_parse_id(getenv("SLURM_ARRAY_TASK_ID"), &t) == 0 &&
        hl_parse_id(getenv("SLURM_JOB_ID"), &j) == 0 && j == job) {
        id->array_job = a;
        id->array_task = t;
    }
}

int hl_step_ids_read(spank_t sp, struct hl_step_id *id, bool *het)
{
    bool remote = spank_context() == S_CTX_REMOTE;
    uint32_t job;

    *id = (struct hl_step_id){0, 0, HL_NO_ARRAY, HL_NO_ARRAY};
    if (spank_get_item(sp, S_JOB_ID, &job) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_STEPID, &id->step) != ESPANK_SUCCESS)
        return -1;
    id->job = job;
    _het_leader(sp, remote, id, het);
    if (!*het)
        _array(sp, remote, id, job);
    return 0;
}

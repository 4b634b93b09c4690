/*
 * The measured step as one node's slurmstepd sees it: decided and set up
 * once per node in slurm_spank_user_init, then used by each task's
 * task_init (inherited across fork) and by slurmstepd's task_exit.
 */
#ifndef HL_SPANK_NODE_STEP_H
#define HL_SPANK_NODE_STEP_H

#include <limits.h>
#include <slurm/spank.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "plugin_args.h"
#include "request.h"

struct hl_node_step {
    bool active;              /* heapline measures this step */
    char why[PATH_MAX + 256]; /* if not empty: why this node records nothing */
    char path[PATH_MAX];      /* the step folder, absolute */
    char node[256];           /* Slurm's name of this node */
    uint32_t job, step;
    uid_t uid;
    gid_t gid;
    uint32_t local_tasks; /* tasks of the step on this node */
    uint32_t ended;       /* of them, those whose task_exit ran */
    uint32_t oom_killed;  /* of them, those the OOM killer ended */
};

/* Whether a step id is one of a real srun step, not batch/extern/... */
bool hl_is_srun_step(uint32_t step);

/*
 * Decides whether this node measures the step and makes the step folder.
 * Runs in slurmstepd with the user's effective uid and the job's working
 * directory as current directory. A failure only fills st->why.
 */
void hl_node_step_setup(spank_t sp, const struct hl_plugin_args *cfg,
                        const struct hl_request *req, struct hl_node_step *st);

#endif

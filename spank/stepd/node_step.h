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

#include "merge.h"
#include "plugin/plugin_args.h"
#include "plugin/request.h"
#include "shared/step_name.h"

/* What *rank_offset holds until a task of the node has set it. */
#define HL_RANK_OFFSET_UNKNOWN UINT32_MAX

struct hl_node_step {
    bool active;              /* heapline measures this step */
    char why[PATH_MAX + 256]; /* if not empty: why this node records nothing */
    char path[PATH_MAX];      /* the step folder, absolute */
    int dirfd;                /* the step folder, opened once checked */
    char node[256];           /* Slurm's name of this node */
    struct hl_step_id id;
    char name[48]; /* the step's name, "81_2.0" (hl_step_name) */
    uid_t uid;
    gid_t gid;
    uint32_t local_tasks; /* tasks of the step on this node */
    uint32_t ended;       /* of them, those whose task_exit ran */
    uint32_t oom_killed;  /* of them, those the OOM killer ended */
    /*
     * In a heterogeneous step, the tasks' ranks are S_TASK_GLOBAL_ID plus
     * this, which only a task sees (SLURM_PROCID): a page shared with the
     * tasks, set in task_init, read in task_exit. NULL otherwise.
     */
    uint32_t *rank_offset;
    /*
     * layout=node: the tasks write their records in local_path, a folder
     * of the node's own, and the node's last task_exit merges them with
     * the exit rows kept here into one file of the step folder (merge.h).
     */
    bool per_node;
    char local_path[PATH_MAX];
    int local_fd;
    char local_why[PATH_MAX + 256]; /* why not: one file per task then */
    gid_t *gids; /* the job's supplementary groups, for the merge */
    int ngids;
    char *exit_rows; /* the exit rows so far, values only */
    size_t exit_len, exit_cap;
    struct hl_merge_task *exit_tasks; /* their tasks */
    size_t nexit_tasks;
    bool merged; /* done, or given up */
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

/* Releases what setup kept (slurmstepd's slurm_spank_exit). */
void hl_node_step_end(struct hl_node_step *st);

#endif

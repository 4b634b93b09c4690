/* The exit file of each task of a measured step. */
#ifndef HL_SPANK_TASK_EXIT_H
#define HL_SPANK_TASK_EXIT_H

#include <slurm/spank.h>

#include "node_step.h"

/*
 * In slurmstepd (root) after a task ended: writes task-ID.exit in the
 * step folder with the user's rights. Failures go to the slurmd log only:
 * the task's output is closed by then.
 */
void hl_task_exit_record(spank_t sp, const struct hl_node_step *st);

#endif

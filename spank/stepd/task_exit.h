/* The exit file of each task of a measured step, and the node's file. */
#ifndef HL_SPANK_TASK_EXIT_H
#define HL_SPANK_TASK_EXIT_H

#include <slurm/spank.h>

#include "node_step.h"

/*
 * In slurmstepd (root) after a task ended: writes task-ID.exit in the
 * step folder with the user's rights, telling an OOM kill from another
 * SIGKILL where the step runs in a memory cgroup; after the node's last
 * task, writes node-NAME.csv with the cgroup's high-water mark, while the
 * cgroup still exists. Failures go to the slurmd log only: the task's
 * output is closed by then.
 */
void hl_task_exit_record(spank_t sp, struct hl_node_step *st);

#endif

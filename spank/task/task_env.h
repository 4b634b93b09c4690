/* The environment of a measured task. */
#ifndef HL_SPANK_TASK_ENV_H
#define HL_SPANK_TASK_ENV_H

#include <slurm/spank.h>

#include "plugin/plugin_args.h"
#include "stepd/node_step.h"

/* The record of each process of a task, inside the step folder. */
#define HL_RECORD_PATTERN "task-%t.%p.csv"

/*
 * In the task, just before exec: puts the library first in LD_PRELOAD
 * and points HEAPLINE_OUTPUT into the step folder. When the node cannot
 * measure, its first task says why on its stderr, once, and the task
 * runs unchanged.
 */
void hl_task_env_setup(spank_t sp, const struct hl_plugin_args *cfg,
                       const struct hl_node_step *st);

#endif

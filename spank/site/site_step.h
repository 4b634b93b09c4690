/*
 * The site's summary line of a measured step on this node (plugstack
 * argument site=DIR, common/site_format.h), appended by slurmstepd as root
 * once the node's last task of the step has ended.
 */
#ifndef HL_SPANK_SITE_STEP_H
#define HL_SPANK_SITE_STEP_H

#include <slurm/spank.h>

#include "stepd/node_step.h"
#include "plugin/plugin_args.h"

/*
 * Called at each task's end, before the task's own records are handled
 * (task_exit.h): at the node's last task, reads the VmHWM and the
 * timelines of the node's records where the tasks wrote them, the
 * node-local folder with layout=node, before the merge removes it.
 */
void hl_site_task_records(spank_t sp, const struct hl_plugin_args *cfg,
                          const struct hl_node_step *st);

/* Called at each task's end, after; at the last, appends the line. */
void hl_site_task_exit(spank_t sp, const struct hl_plugin_args *cfg,
                       const struct hl_node_step *st);

#endif

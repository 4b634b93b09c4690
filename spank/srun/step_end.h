/*
 * The step's report, in srun: job items are read at the start of the step
 * (slurm_spank_local_user_init), since slurm_spank_exit can read none, and
 * the aggregator runs at the end.
 */
#ifndef HL_SPANK_STEP_END_H
#define HL_SPANK_STEP_END_H

#include <slurm/spank.h>

#include "plugin/plugin_args.h"
#include "plugin/request.h"

/* Notes the step's ids, folder and memory request if it is measured. */
void hl_step_end_prepare(spank_t sp, const struct hl_plugin_args *cfg,
                         const struct hl_request *req);

/*
 * Runs heapline-report over the step folder, prints the report on srun's
 * stderr and keeps it there as report.txt, with the same report as an HTML
 * page, report.html, named in a last line. A failure is one line on
 * stderr; srun's output and exit code are left alone.
 */
void hl_step_end_report(const struct hl_plugin_args *cfg);

#endif

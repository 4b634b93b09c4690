/*
 * The step's ids as its folder and report name them (step_name.h), read
 * in srun or in slurmstepd. Both must agree: the tasks write where
 * slurmstepd decides, and srun reports on the folder it finds.
 */
#ifndef HL_SPANK_STEP_IDS_H
#define HL_SPANK_STEP_IDS_H

#include <slurm/spank.h>
#include <stdbool.h>

#include "step_name.h"

/*
 * Fills id in srun (S_CTX_LOCAL) or slurmstepd (S_CTX_REMOTE); -1 if
 * Slurm gives no job or step id. het is set for a step of a
 * heterogeneous job, whose components are jobs of their own.
 */
int hl_step_ids_read(spank_t sp, struct hl_step_id *id, bool *het);

#endif

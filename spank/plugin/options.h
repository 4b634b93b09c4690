/* The plugin's command-line options of srun, sbatch and salloc. */
#ifndef HL_SPANK_OPTIONS_H
#define HL_SPANK_OPTIONS_H

#include <slurm/spank.h>

#include "request.h"

/*
 * Registers --heapline[=DIR] and --no-heapline. Registering them at run
 * time, not through a static spank_options table, is what makes sbatch
 * and #SBATCH accept them.
 */
int hl_options_register(spank_t sp);

/* What the options given so far ask for. */
const struct hl_request *hl_options_request(void);

#endif

/* The memory request of a job, as srun can learn it. */
#ifndef HL_SPANK_JOB_MEMORY_H
#define HL_SPANK_JOB_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/*
 * Writes heapline-report's option for the job's request (--mem or
 * --mem-per-cpu) and its value in MB ("1024M"). Asks slurmctld through
 * the libslurm that srun has loaded; else reads SLURM_MEM_PER_NODE or
 * SLURM_MEM_PER_CPU, which sbatch and salloc export to the job. Returns
 * 0, or -1 if the request is not known (the report then asks scontrol).
 */
int hl_job_memory(uint32_t job, char *option, size_t option_size, char *value,
                  size_t value_size);

#endif

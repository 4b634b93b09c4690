/* The job's memory request outside srun: from sbatch's and salloc's
 * SLURM_MEM_PER_NODE / SLURM_MEM_PER_CPU (no libslurm in this program). */
#include <stdlib.h>

#include "srun/job_memory.h"
#include "../../tap.h"

int main(void)
{
    char opt[32], val[32];

    unsetenv("SLURM_MEM_PER_NODE");
    unsetenv("SLURM_MEM_PER_CPU");
    ok(hl_job_memory(1, opt, sizeof(opt), val, sizeof(val)) < 0,
       "no request known: the report asks scontrol itself");
    setenv("SLURM_MEM_PER_NODE", "1024", 1);
    ok(hl_job_memory(1, opt, sizeof(opt), val, sizeof(val)) == 0,
       "SLURM_MEM_PER_NODE");
    is_str(opt, "--mem", "gives --mem");
    is_str(val, "1024M", "in MB, as Slurm writes it");
    unsetenv("SLURM_MEM_PER_NODE");
    setenv("SLURM_MEM_PER_CPU", "300", 1);
    ok(hl_job_memory(1, opt, sizeof(opt), val, sizeof(val)) == 0 &&
           strcmp(opt, "--mem-per-cpu") == 0 && strcmp(val, "300M") == 0,
       "SLURM_MEM_PER_CPU gives --mem-per-cpu 300M");
    setenv("SLURM_MEM_PER_CPU", "12G", 1);
    ok(hl_job_memory(1, opt, sizeof(opt), val, sizeof(val)) < 0,
       "a value that is not MB digits is not guessed at");
    setenv("SLURM_MEM_PER_CPU", "0", 1);
    ok(hl_job_memory(1, opt, sizeof(opt), val, sizeof(val)) < 0,
       "0 (no limit) is no request");
    return done_testing();
}

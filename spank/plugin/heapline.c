/*
 * heapline's SPANK plugin: the hooks Slurm calls, each saying in which
 * process it runs. The work lives in the files named by the includes.
 *
 *   srun/sbatch/salloc   slurm_spank_init: arguments, --heapline options
 *   srun                 slurm_spank_local_user_init: note the step
 *   slurmstepd, per node slurm_spank_user_init: make the step folder
 *   each task            slurm_spank_task_init: LD_PRELOAD, HEAPLINE_OUTPUT
 *   slurmstepd, per task slurm_spank_task_exit: task-ID.exit, and after
 *                        the node's last: node-NAME.csv (memory cgroup),
 *                        the site's summary line (site=DIR)
 *   srun                 slurm_spank_exit: run heapline-report
 */
#include <slurm/spank.h>
#include <stdlib.h>

#include "plugin_args.h"
#include "stepd/node_step.h"
#include "options.h"
#include "site/site_step.h"
#include "srun/step_end.h"
#include "task/task_env.h"
#include "stepd/task_exit.h"

SPANK_PLUGIN(heapline, 1);

static struct hl_plugin_args _cfg;
static struct hl_node_step _node_step;

static void _warn(const char *msg)
{
    slurm_error("%s", msg);
}

static void _quiet(const char *msg)
{
    (void)msg;
}

/*
 * Where a bad plugstack.conf argument is told: in the slurmd log (slurmd
 * at its start, slurmstepd at each step), and once to the user per job,
 * by whatever made its allocation (sbatch, salloc, or an srun outside
 * any). An srun inside an allocation stays quiet: its allocator has said
 * it already, and a job's output is not the place to repeat it per step.
 */
static hl_warn_fn _warn_here(spank_context_t ctx)
{
    if (ctx == S_CTX_LOCAL && getenv("SLURM_JOB_ID"))
        return _quiet;
    return _warn;
}

/*
 * Every context (srun, sbatch, salloc, slurmd, slurmstepd, prolog and
 * epilog). Reads the plugstack.conf arguments, and registers the options
 * wherever a command line or job can carry them. A bad argument is logged
 * and ignored: a typo in plugstack.conf must never stop jobs.
 */
int slurm_spank_init(spank_t sp, int ac, char **av)
{
    spank_context_t ctx = spank_context();

    hl_plugin_args_defaults(&_cfg);
    if (ctx == S_CTX_JOB_SCRIPT)
        return 0;
    hl_plugin_args_parse(&_cfg, ac, av, _warn_here(ctx));
    if (ctx != S_CTX_SLURMD)
        hl_options_register(sp);
    return 0;
}

/*
 * srun, as the user, after options are parsed and the step is created:
 * the only place where srun can read the step's ids.
 */
int slurm_spank_local_user_init(spank_t sp, int ac, char **av)
{
    (void)ac;
    (void)av;
    hl_step_end_prepare(sp, &_cfg, hl_options_request());
    return 0;
}

/*
 * slurmstepd, once per step on each node, with the user's effective uid
 * and the job's working directory, before the tasks fork: what it sets up
 * is inherited by every task and kept for slurm_spank_task_exit.
 */
int slurm_spank_user_init(spank_t sp, int ac, char **av)
{
    (void)ac;
    (void)av;
    hl_node_step_setup(sp, &_cfg, hl_options_request(), &_node_step);
    return 0;
}

/*
 * Each task, as the user, just before exec: the only place where the
 * task's own environment can change, and not slurmstepd's or srun's.
 */
int slurm_spank_task_init(spank_t sp, int ac, char **av)
{
    (void)ac;
    (void)av;
    hl_task_env_setup(sp, &_cfg, &_node_step);
    return 0;
}

/*
 * slurmstepd (root), after each task of the node ended; the step's memory
 * cgroup still exists, even at the node's last task.
 */
int slurm_spank_task_exit(spank_t sp, int ac, char **av)
{
    (void)ac;
    (void)av;
    hl_site_task_records(sp, &_cfg, &_node_step);
    hl_task_exit_record(sp, &_node_step);
    hl_site_task_exit(sp, &_cfg, &_node_step);
    return 0;
}

/*
 * Every context, at the end. In srun the step is over and its records
 * are written: run the report there, and nowhere else. slurmstepd lets
 * go of the step folder.
 */
int slurm_spank_exit(spank_t sp, int ac, char **av)
{
    (void)sp;
    (void)ac;
    (void)av;
    if (spank_context() == S_CTX_LOCAL)
        hl_step_end_report(&_cfg);
    else if (spank_context() == S_CTX_REMOTE)
        hl_node_step_end(&_node_step);
    return 0;
}

/* Rank, host and job from the launchers' environment variables; the
 * program's name and parent from the kernel. */
#define _GNU_SOURCE
#include "identity.h"
#include "passwd_name.h"
#include "buf.h"
#include "node_name.h"
#include "record_format.h"

#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <unistd.h>

struct hl_identity hl_identity;

/* Most specific first. A launcher sets its own variable and leaves those of
 * an outer launcher in place: under mpirun inside a Slurm allocation,
 * SLURM_PROCID numbers mpirun's daemons, not the ranks, so it comes last. */
static const char *const _rank_variables[] = {
    "OMPI_COMM_WORLD_RANK", /* Open MPI */
    "MV2_COMM_WORLD_RANK",  /* MVAPICH2 */
    "MPIRUN_RANK",          /* MVAPICH's mpirun_rsh */
    "PMIX_RANK",            /* any PMIx launcher, srun --mpi=pmix */
    "PMI_RANK",             /* MPICH's Hydra, Intel MPI, srun --mpi=pmi2 */
    "SLURM_PROCID",         /* a Slurm step's task id */
};
#define _NRANK_VARIABLES (sizeof(_rank_variables) / sizeof(char *))

static int _parse_rank(const char *s, long *out)
{
    char *end;
    long v;

    if (!s || *s < '0' || *s > '9')
        return 0;
    v = strtol(s, &end, 10);
    if (*end || v < 0)
        return 0;
    *out = v;
    return 1;
}

static const char *_getenv2(const char *name, const char *old_name)
{
    const char *v = getenv(name);

    return v && *v ? v : getenv(old_name);
}

/* Slurm's reserved step ids, named as sacct names them. */
static void _step_name(char *dst, size_t cap, const char *step)
{
    static const struct {
        const char *id, *name;
    } reserved[] = {
        {"4294967290", "interactive"},
        {"4294967291", "batch"},
        {"4294967292", "extern"},
    };

    for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
        if (!strcmp(step, reserved[i].id)) {
            hl_buf_copy(dst, cap, reserved[i].name);
            return;
        }
    hl_buf_copy(dst, cap, step);
}

/* The job as sacct writes it: "ARRAYJOB_TASK" for an array element,
 * "HETJOB+OFFSET" for a heterogeneous component, then ".STEP" in a step. */
static void _load_job(struct hl_identity *id)
{
    const char *job = _getenv2("SLURM_JOB_ID", "SLURM_JOBID");
    const char *step = _getenv2("SLURM_STEP_ID", "SLURM_STEPID");
    const char *array_job = getenv("SLURM_ARRAY_JOB_ID");
    const char *array_task = getenv("SLURM_ARRAY_TASK_ID");
    const char *het_job = getenv("SLURM_HET_JOB_ID");
    const char *het_offset = getenv("SLURM_HET_JOB_OFFSET");
    struct hl_buf b;

    if (!job || !*job)
        return;
    hl_buf_copy(id->job_id, sizeof(id->job_id), job);
    if (step && *step)
        _step_name(id->step_id, sizeof(id->step_id), step);
    hl_buf_init(&b, id->job, sizeof(id->job));
    if (array_job && *array_job && array_task && *array_task) {
        hl_buf_str(&b, array_job);
        hl_buf_char(&b, '_');
        hl_buf_str(&b, array_task);
    } else if (het_job && *het_job && het_offset && *het_offset) {
        hl_buf_str(&b, het_job);
        hl_buf_char(&b, '+');
        hl_buf_str(&b, het_offset);
    } else {
        hl_buf_str(&b, job);
    }
    if (*id->step_id) {
        hl_buf_char(&b, '.');
        hl_buf_str(&b, id->step_id);
    }
    if (b.overflow)
        id->job[0] = '\0';
}

/* The rank, and %t: the Slurm task id, but where an MPI launcher inside
 * the step (mpirun, mpiexec) gave a rank, that rank, so that the records'
 * names follow the ranks and not the launcher's daemon that started them. */
static void _load_rank(struct hl_identity *id)
{
    const char *task = getenv("SLURM_PROCID");
    struct hl_buf b;
    size_t i;

    id->rank = -1;
    for (i = 0; i < _NRANK_VARIABLES; i++)
        if (_parse_rank(getenv(_rank_variables[i]), &id->rank))
            break;
    if (i < _NRANK_VARIABLES - 1) {
        hl_buf_init(&b, id->task_id, sizeof(id->task_id));
        hl_buf_i64(&b, id->rank);
    } else if (task && *task) {
        hl_buf_copy(id->task_id, sizeof(id->task_id), task);
    }
}

static void _load_user(struct hl_identity *id)
{
    const char *env_user = getenv("USER");
    struct hl_buf b;

    if (!hl_passwd_name(getuid(), id->user, sizeof(id->user)))
        return;
    if (env_user && *env_user) {
        hl_buf_copy(id->user, sizeof(id->user), env_user);
    } else {
        hl_buf_init(&b, id->user, sizeof(id->user));
        hl_buf_u64(&b, getuid());
    }
}

/* The base name of the file the process ran, or of a script: the path
 * that execve was given (AT_EXECFN), whole, where the kernel's name
 * (/proc/self/comm) is cut at 15 bytes and, under an emulator run by its
 * name (qemu-aarch64-static PROGRAM), is the emulator's; the kernel's
 * name only where there is no such path. */
static void _load_program(struct hl_identity *id)
{
    const char *path = (const char *)getauxval(AT_EXECFN);
    const char *slash = path ? strrchr(path, '/') : NULL;
    char comm[17] = "";

    if (path && *(slash ? slash + 1 : path)) {
        hl_buf_copy(id->program, sizeof(id->program), slash ? slash + 1 : path);
        return;
    }
    if (prctl(PR_GET_NAME, comm) != 0)
        comm[0] = '\0';
    comm[16] = '\0';
    hl_buf_copy(id->program, sizeof(id->program), comm);
}

void hl_identity_load(int want_user)
{
    struct hl_identity *id = &hl_identity;

    _load_rank(id);
    _load_job(id);
    hl_node_name(*id->job_id ? getenv("SLURMD_NODENAME") : NULL, id->host,
                 sizeof(id->host));
    if (want_user)
        _load_user(id);
    _load_program(id);
    id->ppid = getppid();
}

void hl_identity_after_fork(void)
{
    hl_identity.ppid = getppid();
}

void hl_identity_to_record(const struct hl_identity *id, pid_t pid,
                           struct hl_record_row *row)
{
    row->rank = id->rank;
    row->host = id->host;
    row->pid = (uint64_t)pid;
    row->job = id->job;
    row->program = id->program;
    row->ppid = (uint64_t)id->ppid;
}

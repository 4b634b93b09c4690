/*
 * The memory cgroup of a step, where Slurm confines steps in cgroups
 * (task/cgroup with ConstrainRAMSpace): the kernel's own high-water mark
 * of the step on this node, its limit, and its OOM kills. Read from
 * slurmstepd while the step's cgroup still exists, that is up to the last
 * slurm_spank_task_exit of the node (it is gone by slurm_spank_exit).
 *
 *   cgroup v1  ROOT/memory/slurm_NODE/uid_U/job_J/step_S[/task_T]
 *              (ROOT/memory/slurm/... where a host runs one slurmd)
 *   cgroup v2  the step_S folder above slurmstepd's own cgroup, read from
 *              /proc/self/cgroup; its tasks in step_S/user/task_T
 *
 * T is the task's id on the node up to 23.11.0, its global id since
 * 23.11.1 ("Fix task/cgroup indexing tasks in cgroup plugins"): on the
 * second node of a step the two differ. Before, jobacct_gather/cgroup
 * made task_RANK folders beside task/cgroup's task_LOCALID (seen on
 * 22.05), so the folders alone cannot tell which holds the task.
 *
 * Everything takes the cgroup root and the /proc/self/cgroup path as
 * arguments, so that the unit tests can build a fake tree.
 */
#ifndef HL_SPANK_MEM_CGROUP_H
#define HL_SPANK_MEM_CGROUP_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define HL_CGROUP_ROOT "/sys/fs/cgroup"
#define HL_CGROUP_SELF "/proc/self/cgroup"

/* "Not measured" (a Slurm-style sentinel, never 0). */
#define HL_CGROUP_NONE UINT64_MAX

struct hl_mem_cgroup {
    int version;         /* 1 or 2 */
    char step[PATH_MAX]; /* the step's cgroup folder */
};

/* The figures of a step's cgroup; HL_CGROUP_NONE where not known. */
struct hl_mem_cgroup_figures {
    uint64_t peak;      /* high-water mark of the step on this node */
    uint64_t limit;     /* the smaller of the step's and the job's limit */
    uint64_t oom_kills; /* the step cgroup's own OOM kill count */
};

/*
 * Finds the memory cgroup of step job.step of uid on node. Returns 0, or
 * -1 when the step runs in no memory cgroup (proctrack/linuxproc, or
 * cgroups without the memory controller).
 */
int hl_mem_cgroup_find(const char *root, const char *self_cgroup,
                       const char *node, uid_t uid, uint32_t job, uint32_t step,
                       struct hl_mem_cgroup *cg);

/* Reads the step's figures; those the kernel does not give stay NONE. */
void hl_mem_cgroup_read(const struct hl_mem_cgroup *cg,
                        struct hl_mem_cgroup_figures *fig);

/* A task as the node's task cgroups may name it. */
struct hl_task_ids {
    uint32_t local;  /* its id on the node */
    uint32_t global; /* its id in the step */
    bool by_rank;    /* Slurm names the task's cgroup by the global id */
};

/*
 * Whether the Slurm of this version ("26.05.3", S_SLURM_VERSION) names
 * a task's cgroup by its global id: from 23.11.1 on.
 */
bool hl_mem_cgroup_names_by_rank(const char *version);

/*
 * Whether the OOM killer ended the task: 1 or 0 from the task's own
 * cgroup (task_T, T its local or its global id), else from the step's (its OOM
 * kill count, or on a kernel without one, its failcnt), -1 when nothing says.
 */
int hl_mem_cgroup_task_oom(const struct hl_mem_cgroup *cg,
                           const struct hl_task_ids *ids);

/*
 * The high-water mark of the task's own cgroup (task_T as above): what
 * all of its processes held at once, page cache included, as the kernel
 * charged it; read after the task's last process has gone, it is what a
 * killed process's provisional record cannot be, up to date. Kernels
 * before 5.19 have no memory.peak in v2. HL_CGROUP_NONE when not read.
 */
uint64_t hl_mem_cgroup_task_peak(const struct hl_mem_cgroup *cg,
                                 const struct hl_task_ids *ids);

#endif

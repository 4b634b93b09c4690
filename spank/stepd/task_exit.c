/* Recording how a task ended (see task_exit.h). */
#include "task_exit.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "as_user.h"
#include "exit_record.h"
#include "mem_cgroup.h"
#include "node_file.h"
#include "node_merge.h"

/*
 * A file written by a child that becomes the user; it may take this long
 * before slurmstepd gives up on it (a hung file system), and the node
 * then writes nothing more for the step, so that a step's end waits for
 * one such deadline at most.
 */
#define HL_WRITE_TIMEOUT_MS 5000

static void _write(struct hl_node_step *st, const struct hl_user *user,
                   const char *name, const char *text)
{
    int err =
        hl_write_as_user(user, st->dirfd, name, text, HL_WRITE_TIMEOUT_MS);

    if (!err)
        return;
    slurm_error("heapline: step %s on %s: cannot write %s/%s: %s", st->name,
                st->node, st->path, name, hl_as_user_strerror(err));
    if (err == ETIMEDOUT)
        snprintf(st->why, sizeof(st->why), "%s did not answer", st->path);
}

/* The task's rank: its global id, offset in a heterogeneous step. */
static uint32_t _rank(const struct hl_node_step *st, uint32_t gtid)
{
    uint32_t offset = st->rank_offset
                          ? __atomic_load_n(st->rank_offset, __ATOMIC_RELAXED)
                          : 0;

    return offset == HL_RANK_OFFSET_UNKNOWN ? gtid : gtid + offset;
}

/* The wall clock in nanoseconds, as the records' start_time_s; -1 if none. */
static int64_t _now_ns(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
        return -1;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Only a SIGKILL can be the OOM killer's; the cgroup says whether it was. */
static enum hl_oom _oom(const struct hl_mem_cgroup *cg,
                        const struct hl_task_ids *ids, int wstatus)
{
    if (!cg)
        return HL_OOM_UNKNOWN;
    if (!WIFSIGNALED(wstatus) || WTERMSIG(wstatus) != SIGKILL)
        return HL_OOM_NO;
    switch (hl_mem_cgroup_task_oom(cg, ids)) {
    case 1:
        return HL_OOM_KILLED;
    case 0:
        return HL_OOM_NO;
    default:
        return HL_OOM_UNKNOWN;
    }
}

static void _node_figures(const struct hl_node_step *st,
                          const struct hl_mem_cgroup *cg,
                          struct hl_mem_cgroup_figures *fig)
{
    hl_mem_cgroup_read(cg, fig);
    /* cgroup v1 counts an OOM kill in the task's cgroup only (seen on 6.18). */
    if (fig->oom_kills == HL_CGROUP_NONE || fig->oom_kills < st->oom_killed)
        fig->oom_kills = st->oom_killed;
}

static void _node_file(struct hl_node_step *st, const struct hl_user *user,
                       const struct hl_mem_cgroup *cg)
{
    struct hl_mem_cgroup_figures fig;
    char name[300], text[512];

    _node_figures(st, cg, &fig);
    if (hl_node_file_name(st->node, name, sizeof(name)) == 0 &&
        hl_node_file_format(st->node, &fig, text, sizeof(text)) == 0)
        _write(st, user, name, text);
}

/* layout=node: the exit row kept, and at the node's last task the merge,
 * with the node's figures where there is a memory cgroup. */
static void _per_node(struct hl_node_step *st, const struct hl_user *user,
                      const struct hl_mem_cgroup *cg,
                      const struct hl_task_end *end)
{
    struct hl_mem_cgroup_figures fig;
    char row[512], node_row[512];

    if (hl_exit_record_row(end, row, sizeof(row)) == 0)
        hl_node_merge_note_exit(st, end->task, end->pid, row);
    if (st->ended != st->local_tasks)
        return;
    if (cg)
        _node_figures(st, cg, &fig);
    hl_node_merge_run(
        st, user,
        cg && hl_node_file_row(st->node, &fig, node_row, sizeof(node_row)) == 0
            ? node_row
            : NULL);
}

void hl_task_exit_record(spank_t sp, struct hl_node_step *st)
{
    char name[64], text[512];
    int wstatus = 0, ngids = 0;
    uint32_t task = 0, local = 0, cgroup_job = 0;
    pid_t pid = 0;
    gid_t *gids = NULL;
    struct hl_user user;
    struct hl_mem_cgroup cg;
    struct hl_task_ids ids;
    struct hl_task_end end;
    bool in_cgroup;
    const char *version;

    if (!st->active || st->why[0])
        return;
    st->ended++;
    if (spank_get_item(sp, S_TASK_EXIT_STATUS, &wstatus) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_TASK_GLOBAL_ID, &task) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_TASK_ID, &local) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_TASK_PID, &pid) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_SUPPLEMENTARY_GIDS, &gids, &ngids) !=
            ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_ID, &cgroup_job) != ESPANK_SUCCESS) {
        slurm_error("heapline: step %s: no exit status of a task", st->name);
        return;
    }
    in_cgroup = hl_mem_cgroup_find(HL_CGROUP_ROOT, HL_CGROUP_SELF, st->node,
                                   st->uid, cgroup_job, st->id.step, &cg) == 0;
    user = (struct hl_user){st->uid, st->gid, gids, ngids};
    /* Slurm names a task's cgroup by its rank, as the offset one here. */
    task = _rank(st, task);
    if (spank_get_item(sp, S_SLURM_VERSION, &version) != ESPANK_SUCCESS)
        version = NULL;
    ids =
        (struct hl_task_ids){local, task, hl_mem_cgroup_names_by_rank(version)};
    end = (struct hl_task_end){
        .task = task,
        .host = st->node,
        .pid = pid,
        .wstatus = wstatus,
        .oom = _oom(in_cgroup ? &cg : NULL, &ids, wstatus),
        .cgroup_peak =
            in_cgroup ? hl_mem_cgroup_task_peak(&cg, &ids) : HL_CGROUP_NONE,
        .end_ns = _now_ns(),
    };
    st->oom_killed += end.oom == HL_OOM_KILLED;
    if (st->per_node) {
        _per_node(st, &user, in_cgroup ? &cg : NULL, &end);
        return;
    }
    if (hl_exit_record_name(task, name, sizeof(name)) == 0 &&
        hl_exit_record_format(&end, text, sizeof(text)) == 0)
        _write(st, &user, name, text);
    /* The step's cgroup is removed after its last task's exit. */
    if (in_cgroup && st->ended == st->local_tasks && !st->why[0])
        _node_file(st, &user, &cg);
}

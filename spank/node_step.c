/* Setting up a measured step on one node (see node_step.h). */
#include "node_step.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "stepdir.h"

/* Slurm's ids of steps that are not srun steps (slurm.h of 22.05). */
#define HL_FIRST_SPECIAL_STEP 0xfffffff0u

bool hl_is_srun_step(uint32_t step)
{
    /* batch script, extern, interactive and pending step ids */
    return step < HL_FIRST_SPECIAL_STEP;
}

/*
 * slurmstepd inherits SLURMD_NODENAME from its slurmd; the host name is
 * the same for every node where one host runs several slurmd.
 */
static void _node_name(char *out, size_t size)
{
    const char *name = getenv("SLURMD_NODENAME");

    if (name && name[0]) {
        snprintf(out, size, "%s", name);
        return;
    }
    if (gethostname(out, size) < 0)
        snprintf(out, size, "unknown");
    out[size - 1] = '\0';
}

/* The library is opened with the user's rights, as ld.so will. */
static int _check_library(const char *lib, char *why, size_t size)
{
    int fd = open(lib, O_RDONLY | O_CLOEXEC);

    if (fd < 0) {
        snprintf(why, size, "cannot read the library %s: %s", lib,
                 strerror(errno));
        return -1;
    }
    close(fd);
    return 0;
}

void hl_node_step_setup(spank_t sp, const struct hl_plugin_args *cfg,
                        const struct hl_request *req, struct hl_node_step *st)
{
    memset(st, 0, sizeof(*st));
    if (!hl_request_enabled(req, cfg))
        return;
    if (spank_get_item(sp, S_JOB_ID, &st->job) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_STEPID, &st->step) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_UID, &st->uid) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_GID, &st->gid) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_LOCAL_TASK_COUNT, &st->local_tasks) !=
            ESPANK_SUCCESS)
        return;
    if (!hl_is_srun_step(st->step))
        return;
    st->active = true;
    _node_name(st->node, sizeof(st->node));
    if (geteuid() != st->uid) {
        snprintf(st->why, sizeof(st->why),
                 "slurmstepd does not run as the job's user here");
        return;
    }
    if (_check_library(cfg->lib, st->why, sizeof(st->why)) < 0)
        return;
    if (hl_stepdir_locate(hl_request_dir(req, cfg), st->job, st->step, st->uid,
                          st->path, sizeof(st->path), st->why,
                          sizeof(st->why)) == 0)
        hl_stepdir_make(st->path, st->uid, st->why, sizeof(st->why));
}

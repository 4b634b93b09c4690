/* Setting up a measured step on one node (see node_step.h). */
#include "node_step.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "node_merge.h"
#include "orphans.h"
#include "shared/step_ids.h"
#include "stepdir.h"
#include "tmp_fs.h"

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
    struct stat st;
    int fd = open(lib, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

    if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, size, "cannot read the library %s: %s", lib,
                 fd < 0 ? strerror(errno) : "not a regular file");
        if (fd >= 0)
            close(fd);
        return -1;
    }
    close(fd);
    return 0;
}

static void _share_rank_offset(struct hl_node_step *st)
{
    void *page = mmap(NULL, sizeof(*st->rank_offset), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);

    if (page == MAP_FAILED)
        return;
    st->rank_offset = page;
    *st->rank_offset = HL_RANK_OFFSET_UNKNOWN;
}

/* The site's own folder pattern may name a folder shared by all users. */
static void _open_folder(const struct hl_plugin_args *cfg,
                         const struct hl_request *req, struct hl_node_step *st)
{
    const char *pattern = hl_request_dir(req, cfg);
    size_t site_len = req->dir[0] ? 0 : hl_stepdir_site_len(cfg->dir);

    if (hl_stepdir_locate(pattern, st->id.job, st->id.step, st->name, st->uid,
                          st->path, sizeof(st->path), st->why,
                          sizeof(st->why)) < 0)
        return;
    st->dirfd = hl_stepdir_open(st->path, site_len, true, st->uid, st->why,
                                sizeof(st->why));
}

/*
 * layout=node: the node-local folder, BASE/heapline-JOB.STEP.NODE, BASE
 * the node's TmpFS or local_dir=, made and checked as the step folder is
 * (the base must exist). The node's name keeps apart the nodes that share
 * a host. What an earlier run of the same job left there is removed.
 */
static void _open_local(const struct hl_plugin_args *cfg,
                        struct hl_node_step *st)
{
    char base[PATH_MAX], why[PATH_MAX + 128];
    size_t len;

    if (cfg->local_dir[0])
        snprintf(base, sizeof(base), "%s", cfg->local_dir);
    else if (hl_tmp_fs(st->node, base, sizeof(base)) < 0) {
        snprintf(st->local_why, sizeof(st->local_why),
                 "the node's TmpFS is too long a path");
        return;
    }
    len = strlen(base);
    while (len > 1 && base[len - 1] == '/')
        base[--len] = '\0';
    if (snprintf(st->local_path, sizeof(st->local_path), "%s/heapline-%s.%s",
                 base, st->name, st->node) >= (int)sizeof(st->local_path)) {
        snprintf(st->local_why, sizeof(st->local_why),
                 "the node-local folder's path is too long");
        return;
    }
    st->local_fd =
        hl_stepdir_open(st->local_path, len, true, st->uid, why, sizeof(why));
    if (st->local_fd < 0) {
        snprintf(st->local_why, sizeof(st->local_why),
                 "the node-local folder cannot be used: %s", why);
        return;
    }
    hl_merge_clear(st->local_fd);
    /* Without its mark, a folder left by this slurmstepd's death would be
     * found by no later step: it is a folder all the same. */
    hl_orphan_guard(st->local_fd, st->path);
    st->per_node = true;
}

/* The job's groups, kept for the merge, which may come at slurm_spank_exit
 * where no task is at hand. */
static void _keep_groups(spank_t sp, struct hl_node_step *st)
{
    gid_t *gids = NULL;
    int n = 0;

    if (spank_get_item(sp, S_JOB_SUPPLEMENTARY_GIDS, &gids, &n) !=
            ESPANK_SUCCESS ||
        n <= 0)
        return;
    st->gids = malloc((size_t)n * sizeof(*gids));
    if (!st->gids)
        return;
    memcpy(st->gids, gids, (size_t)n * sizeof(*gids));
    st->ngids = n;
}

void hl_node_step_setup(spank_t sp, const struct hl_plugin_args *cfg,
                        const struct hl_request *req, struct hl_node_step *st)
{
    bool het = false;

    memset(st, 0, sizeof(*st));
    st->dirfd = -1;
    st->local_fd = -1;
    if (!hl_request_enabled(req, cfg))
        return;
    if (hl_step_ids_read(sp, &st->id, &het) < 0 ||
        spank_get_item(sp, S_JOB_UID, &st->uid) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_GID, &st->gid) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_LOCAL_TASK_COUNT, &st->local_tasks) !=
            ESPANK_SUCCESS)
        return;
    if (!hl_is_srun_step(st->id.step))
        return;
    st->active = true;
    hl_step_name(&st->id, st->name, sizeof(st->name));
    _node_name(st->node, sizeof(st->node));
    if (het)
        _share_rank_offset(st);
    if (geteuid() != st->uid) {
        snprintf(st->why, sizeof(st->why),
                 "slurmstepd does not run as the job's user here");
        return;
    }
    if (_check_library(cfg->lib, st->why, sizeof(st->why)) < 0)
        return;
    _open_folder(cfg, req, st);
    if (st->dirfd < 0 || !cfg->layout_node)
        return;
    _keep_groups(sp, st);
    _open_local(cfg, st);
}

void hl_node_step_end(struct hl_node_step *st)
{
    struct hl_user user = {st->uid, st->gid, st->gids, st->ngids};

    /* Some task's end never came: what the node has, merged now. */
    hl_node_merge_run(st, &user, NULL);
    hl_node_merge_orphans(st, &user);
    if (st->local_fd >= 0)
        close(st->local_fd);
    st->local_fd = -1;
    free(st->gids);
    free(st->exit_rows);
    free(st->exit_tasks);
    st->gids = NULL;
    st->exit_rows = NULL;
    st->exit_tasks = NULL;
    if (st->dirfd >= 0)
        close(st->dirfd);
    st->dirfd = -1;
    if (st->rank_offset)
        munmap(st->rank_offset, sizeof(*st->rank_offset));
    st->rank_offset = NULL;
}

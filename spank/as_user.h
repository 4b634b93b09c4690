/*
 * File work with the job user's rights from slurmstepd, which runs as
 * root when it calls slurm_spank_task_exit.
 */
#ifndef HL_SPANK_AS_USER_H
#define HL_SPANK_AS_USER_H

#include <sys/types.h>

struct hl_user {
    uid_t uid;
    gid_t gid;
    const gid_t *gids; /* supplementary groups */
    int ngids;
};

/*
 * Writes text to dir/name (created or replaced, never through a symlink)
 * in a child process that first becomes the user, so that a root caller
 * cannot write where the user could not. dir must be a folder of the
 * user's (see hl_stepdir_open). Returns 0 or an errno value.
 */
int hl_write_as_user(const struct hl_user *user, const char *dir,
                     const char *name, const char *text);

#endif

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

/* What hl_write_as_user() returns besides 0 and errno values. */
enum {
    HL_AS_USER_FIFO = 200, /* the name is a FIFO: refused */
    HL_AS_USER_SOCKET,     /* a socket: refused */
    HL_AS_USER_SPECIAL,    /* another file that is not a regular file */
};

/*
 * Writes text to the file name in the folder dirfd (a step folder opened
 * with hl_stepdir_open) in a child process that first becomes the user, so
 * that a root caller cannot write where the user could not. The file is
 * created or replaced; a symlink is never followed, and anything but a
 * regular file is refused without blocking (a FIFO planted there has no
 * reader). The child gets timeout_ms to finish (a hung file system); it is
 * killed after that, and ETIMEDOUT returned. Returns 0, an errno value or
 * one of HL_AS_USER_*.
 */
int hl_write_as_user(const struct hl_user *user, int dirfd, const char *name,
                     const char *text, unsigned timeout_ms);

/*
 * Runs fn(arg) in a child process that first closes every descriptor but
 * the nkeep of keep, then becomes the user; fn returns 0 or an errno value
 * (below 256), which this returns. The child gets timeout_ms; it is
 * killed after that, and ETIMEDOUT returned.
 */
int hl_as_user_run(const struct hl_user *user, int (*fn)(void *), void *arg,
                   const int *keep, int nkeep, unsigned timeout_ms);

/* What a value returned by hl_write_as_user() means, for a message. */
const char *hl_as_user_strerror(int err);

#endif

/* Node-local folders left by a slurmstepd that died (see orphans.h). */
#define _GNU_SOURCE
#include "orphans.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirents.h"
#include "merge.h"
#include "stepdir.h"

#define _PREFIX "heapline-"

int hl_orphan_guard(int local_fd, const char *step_path)
{
    size_t len = strlen(step_path);
    int fd, err = 0;

    if (flock(local_fd, LOCK_EX | LOCK_NB) < 0)
        return errno;
    fd = openat(local_fd, HL_ORPHAN_STEP_FILE,
                O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK |
                    O_CLOEXEC,
                0600);
    if (fd < 0)
        return errno;
    if (write(fd, step_path, len) != (ssize_t)len)
        err = errno ? errno : EIO;
    if (close(fd) < 0 && !err)
        err = errno;
    return err;
}

/* Whether name is heapline-*.NODE, and not own. */
static bool _candidate(const char *name, const char *node, const char *own)
{
    size_t len = strlen(name), nlen = strlen(node);

    return strncmp(name, _PREFIX, strlen(_PREFIX)) == 0 &&
           len > strlen(_PREFIX) + nlen + 1 && name[len - nlen - 1] == '.' &&
           strcmp(name + len - nlen, node) == 0 && strcmp(name, own) != 0;
}

/* The step folder that the orphan's .step names, into path; -1 if none. */
static int _step_path(int fd, char *path, size_t size)
{
    int sfd = openat(fd, HL_ORPHAN_STEP_FILE,
                     O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    ssize_t n = -1;

    if (sfd < 0)
        return -1;
    if (fstat(sfd, &st) == 0 && S_ISREG(st.st_mode))
        n = read(sfd, path, size - 1);
    close(sfd);
    if (n <= 0 || path[0] != '/' || memchr(path, '\0', (size_t)n))
        return -1;
    path[n] = '\0';
    return 0;
}

/* Merges one orphan into its step folder: 0, -1 if it could not be, -2
 * if it names none (a slurmstepd between making and marking it). */
static int _merge(int fd, const char *path, const char *node)
{
    char step[PATH_MAX], name[300], why[PATH_MAX + 128];
    struct hl_merge_in in = {
        .node = node,
        .exit_rows = "",
        .note = "the node's slurmstepd ended before its tasks: merged at "
                "the end of a later step on the node, without exit rows",
    };
    int step_fd, rc = -1;
    struct stat st;

    if (_step_path(fd, step, sizeof(step)) < 0)
        return -2;
    if (hl_merge_name(node, name, sizeof(name)) < 0)
        return -1;
    step_fd = hl_stepdir_open(step, 0, false, getuid(), why, sizeof(why));
    if (step_fd < 0)
        return -1;
    if (fstatat(step_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 &&
        errno == ENOENT && hl_merge_node(fd, path, step_fd, name, &in) == 0)
        rc = 0;
    close(step_fd);
    return rc;
}

/* One entry of base: 1 merged, 0 removed, -1 left alone. */
static int _one(int base_fd, const char *base, const char *name,
                const char *node)
{
    char path[PATH_MAX];
    struct stat st;
    int fd, rc = -1;

    if (snprintf(path, sizeof(path), "%s/%s", base, name) >= (int)sizeof(path))
        return -1;
    fd = openat(base_fd, name,
                O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) == 0 && st.st_uid == getuid() &&
        flock(fd, LOCK_EX | LOCK_NB) == 0) {
        int merged = _merge(fd, path, node);

        rc = merged == 0 ? 1 : merged == -1 ? 0 : -1;
        if (rc == 0) {
            hl_merge_clear(fd);
            unlinkat(base_fd, name, AT_REMOVEDIR);
        }
    }
    close(fd);
    return rc;
}

int hl_orphans_sweep(const char *base, const char *node, const char *own,
                     size_t *removed)
{
    int base_fd = open(base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int merged = 0;
    char buf[8192];
    ssize_t n;

    *removed = 0;
    if (base_fd < 0)
        return 0;
    while ((n = hl_getdents64(base_fd, buf, sizeof(buf))) > 0)
        for (ssize_t off = 0; off < n;) {
            struct dirent64 *d = (struct dirent64 *)(buf + off);
            int rc;

            off += d->d_reclen;
            if (!_candidate(d->d_name, node, own))
                continue;
            rc = _one(base_fd, base, d->d_name, node);
            if (rc > 0)
                merged++;
            else if (rc == 0)
                (*removed)++;
        }
    close(base_fd);
    return merged;
}

/* Writing a file as the job's user (see as_user.h). */
#define _GNU_SOURCE
#include "as_user.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"

static int _become(const struct hl_user *user)
{
    if (getuid() == user->uid && geteuid() == user->uid)
        return 0;
    if (setgroups(user->ngids, user->gids) < 0 || setgid(user->gid) < 0 ||
        setuid(user->uid) < 0)
        return errno;
    /* setuid() to a non-root user must have dropped root for good. */
    if (user->uid != 0 && (setuid(0) == 0 || geteuid() == 0))
        return EPERM;
    return 0;
}

static int _write_all(int fd, const char *text)
{
    size_t left = strlen(text);

    while (left) {
        ssize_t n = write(fd, text, left);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        text += n;
        left -= n;
    }
    return 0;
}

static int _not_regular(mode_t mode)
{
    if (S_ISFIFO(mode))
        return HL_AS_USER_FIFO;
    if (S_ISSOCK(mode))
        return HL_AS_USER_SOCKET;
    return HL_AS_USER_SPECIAL;
}

/*
 * O_NONBLOCK: opening a FIFO for writing then fails (ENXIO) instead of
 * waiting for a reader, and one with a reader is seen by fstat() before
 * anything is written. No O_TRUNC before the file is known to be regular.
 * Only async-signal-safe calls: the caller is a threaded slurmstepd.
 */
static int _child(int dirfd, const char *name, const char *text)
{
    struct stat st;
    int err, fd;

    fd = openat(dirfd, name,
                O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0) {
        err = errno;
        if ((err == ENXIO || err == EOPNOTSUPP) &&
            fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
            return _not_regular(st.st_mode);
        return err;
    }
    if (fstat(fd, &st) < 0)
        return errno;
    if (!S_ISREG(st.st_mode))
        return _not_regular(st.st_mode);
    if (ftruncate(fd, 0) < 0)
        return errno;
    err = _write_all(fd, text);
    if (close(fd) < 0 && !err)
        err = errno;
    return err;
}

int hl_as_user_run(const struct hl_user *user, int (*fn)(void *), void *arg,
                   const int *keep, int nkeep, unsigned timeout_ms)
{
    pid_t pid = fork();

    if (pid < 0)
        return errno;
    if (pid == 0) {
        int err;

        hl_child_close_fds(keep, nkeep);
        err = _become(user);
        _exit(err ? err : fn(arg));
    }
    return hl_child_errno(pid, timeout_ms);
}

struct _write {
    int dirfd;
    const char *name, *text;
};

static int _write_child(void *arg)
{
    const struct _write *w = arg;

    return _child(w->dirfd, w->name, w->text);
}

int hl_write_as_user(const struct hl_user *user, int dirfd, const char *name,
                     const char *text, unsigned timeout_ms)
{
    struct _write w = {dirfd, name, text};

    return hl_as_user_run(user, _write_child, &w, &dirfd, 1, timeout_ms);
}

const char *hl_as_user_strerror(int err)
{
    switch (err) {
    case HL_AS_USER_FIFO:
        return "a FIFO is there, not a regular file: refused";
    case HL_AS_USER_SOCKET:
        return "a socket is there, not a regular file: refused";
    case HL_AS_USER_SPECIAL:
        return "something else than a regular file is there: refused";
    case ETIMEDOUT:
        return "no answer in time (a hung file system?): given up";
    default:
        return strerror(err);
    }
}

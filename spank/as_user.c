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

/*
 * The same checks as hl_stepdir_open(), without its messages: after fork()
 * in a threaded slurmstepd, only async-signal-safe calls are sure to work.
 */
static int _open_dir(const char *dir, uid_t uid)
{
    struct stat st;
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

    if (dfd < 0)
        return -1;
    if (fstat(dfd, &st) < 0 || st.st_uid != uid || (st.st_mode & S_IWOTH)) {
        close(dfd);
        errno = EPERM;
        return -1;
    }
    return dfd;
}

static int _child(const struct hl_user *user, const char *dir, const char *name,
                  const char *text)
{
    int err = _become(user);
    int dfd, fd;

    if (err)
        return err;
    dfd = _open_dir(dir, user->uid);
    if (dfd < 0)
        return errno;
    fd = openat(dfd, name,
                O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return errno;
    err = _write_all(fd, text);
    if (close(fd) < 0 && !err)
        err = errno;
    return err;
}

int hl_write_as_user(const struct hl_user *user, const char *dir,
                     const char *name, const char *text)
{
    int status;
    pid_t pid = fork();

    if (pid < 0)
        return errno;
    if (pid == 0)
        _exit(_child(user, dir, name, text));
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return errno;
    }
    if (!WIFEXITED(status))
        return EINTR;
    return WEXITSTATUS(status);
}

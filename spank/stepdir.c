/* Safe creation of the step folder (see stepdir.h). */
#include "stepdir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pattern.h"

int hl_stepdir_path(const char *base, const char *cwd, uint32_t job,
                    uint32_t step, char *out, size_t out_size)
{
    int n;

    /* "." and "./x" are the common cases; keep the path readable. */
    while (base[0] == '.' && base[1] == '/')
        base += 2 + strspn(base + 2, "/");
    if (strcmp(base, ".") == 0 || base[0] == '\0')
        n = snprintf(out, out_size, "%s/heapline-%u.%u", cwd, job, step);
    else if (base[0] == '/')
        n = snprintf(out, out_size, "%s/heapline-%u.%u", base, job, step);
    else
        n = snprintf(out, out_size, "%s/%s/heapline-%u.%u", cwd, base, job,
                     step);
    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}

int hl_stepdir_locate(const char *pattern, uint32_t job, uint32_t step,
                      uid_t uid, char *out, size_t out_size, char *why,
                      size_t why_size)
{
    char user[256], base[4096], cwd[4096];
    struct hl_ids ids = {job, step, user};

    hl_user_name(uid, user, sizeof(user));
    if (hl_pattern_expand(pattern, &ids, base, sizeof(base)) < 0) {
        snprintf(why, why_size, "bad folder pattern %s", pattern);
        return -1;
    }
    if (!getcwd(cwd, sizeof(cwd))) {
        snprintf(why, why_size, "cannot tell the working directory: %s",
                 strerror(errno));
        return -1;
    }
    if (hl_stepdir_path(base, cwd, job, step, out, out_size) < 0) {
        snprintf(why, why_size, "folder path too long: %.200s...", base);
        return -1;
    }
    return 0;
}

/* mkdir -p of every parent of path; the last component is left alone. */
static int _make_parents(const char *path, char *why, size_t why_size)
{
    char buf[4096];
    size_t len = strlen(path);

    if (len >= sizeof(buf)) {
        snprintf(why, why_size, "path too long: %s", path);
        return ENAMETOOLONG;
    }
    memcpy(buf, path, len + 1);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) < 0 && errno != EEXIST) {
            int err = errno;

            snprintf(why, why_size, "cannot create %s: %s", buf, strerror(err));
            return err;
        }
        *p = '/';
    }
    return 0;
}

/*
 * A folder of someone else, or a symlink planted where the folder should
 * be, would send the user's records (and our writes) where another user
 * chose; open it without following links and check what was opened.
 */
static int _check_fd(int fd, const char *path, uid_t uid, char *why,
                     size_t why_size)
{
    struct stat st;

    if (fstat(fd, &st) < 0) {
        int err = errno;

        snprintf(why, why_size, "cannot inspect %s: %s", path, strerror(err));
        return err;
    }
    if (st.st_uid != uid) {
        snprintf(why, why_size, "%s belongs to uid %u, not to the job's user",
                 path, (unsigned)st.st_uid);
        return EPERM;
    }
    if (st.st_mode & S_IWOTH) {
        snprintf(why, why_size, "%s is writable by other users", path);
        return EPERM;
    }
    return 0;
}

int hl_stepdir_open(const char *path, uid_t uid, char *why, size_t why_size)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    int err;

    if (fd < 0) {
        err = errno;
        if (err == ELOOP || err == ENOTDIR)
            snprintf(why, why_size, "%s is not a folder (a symlink?)", path);
        else
            snprintf(why, why_size, "cannot open %s: %s", path, strerror(err));
        errno = err;
        return -1;
    }
    err = _check_fd(fd, path, uid, why, why_size);
    if (err) {
        close(fd);
        errno = err;
        return -1;
    }
    return fd;
}

int hl_stepdir_make(const char *path, uid_t uid, char *why, size_t why_size)
{
    int err = _make_parents(path, why, why_size);
    int fd;

    if (err)
        return err;
    /* Never writable by others, whatever the umask: see _check_fd(). */
    if (mkdir(path, 0755) < 0 && errno != EEXIST) {
        err = errno;
        snprintf(why, why_size, "cannot create %s: %s", path, strerror(err));
        return err;
    }
    fd = hl_stepdir_open(path, uid, why, why_size);
    if (fd < 0)
        return errno;
    close(fd);
    return 0;
}

/* Safe creation and opening of the step folder (see stepdir.h). */
#include "stepdir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plugin/pattern.h"

#define HL_DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

int hl_stepdir_path(const char *base, const char *cwd, const char *name,
                    char *out, size_t out_size)
{
    int n;

    /* "." and "./x" are the common cases; keep the path readable. */
    while (base[0] == '.' && base[1] == '/')
        base += 2 + strspn(base + 2, "/");
    if (strcmp(base, ".") == 0 || base[0] == '\0')
        n = snprintf(out, out_size, "%s/heapline-%s", cwd, name);
    else if (base[0] == '/')
        n = snprintf(out, out_size, "%s/heapline-%s", base, name);
    else
        n = snprintf(out, out_size, "%s/%s/heapline-%s", cwd, base, name);
    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}

int hl_stepdir_locate(const char *pattern, uint32_t job, uint32_t step,
                      const char *name, uid_t uid, char *out, size_t out_size,
                      char *why, size_t why_size)
{
    char user[256], base[4096], cwd[4096];
    struct hl_ids ids = {job, step, user};

    hl_user_name(uid, user, sizeof(user));
    if (hl_folder_pattern_expand(pattern, &ids, base, sizeof(base)) < 0) {
        snprintf(why, why_size, "bad folder pattern %s", pattern);
        return -1;
    }
    if (!getcwd(cwd, sizeof(cwd))) {
        snprintf(why, why_size, "cannot tell the working directory: %s",
                 strerror(errno));
        return -1;
    }
    if (hl_stepdir_path(base, cwd, name, out, out_size) < 0) {
        snprintf(why, why_size, "folder path too long: %.200s...", base);
        return -1;
    }
    return 0;
}

size_t hl_stepdir_site_len(const char *pattern)
{
    const char *letter = strchr(pattern, '%');
    size_t len = letter ? (size_t)(letter - pattern) : strlen(pattern);

    if (pattern[0] != '/')
        return 0;
    if (letter)
        while (len > 0 && pattern[len] != '/')
            len--;
    while (len > 1 && pattern[len - 1] == '/')
        len--;
    return len;
}

/* The walk's state: the path so far, for messages. */
struct _walk {
    const char *path;
    size_t end; /* of the component in hand */
    uid_t uid;
    char *why;
    size_t why_size;
    bool shared; /* the folder checked before is writable by others */
};

/* "PATH-SO-FAR what...", the component in hand last in PATH-SO-FAR. */
__attribute__((format(printf, 3, 4))) static int
_refuse(const struct _walk *w, int err, const char *what, ...)
{
    int n = snprintf(w->why, w->why_size, "%.*s ", (int)(w->end ? w->end : 1),
                     w->path);
    va_list ap;

    if (n >= 0 && (size_t)n < w->why_size) {
        va_start(ap, what);
        vsnprintf(w->why + n, w->why_size - n, what, ap);
        va_end(ap);
    }
    return err;
}

/*
 * A folder of the path may belong to anyone (a project folder of the
 * group's leader): each is opened from the one checked before it, never
 * through a link, so whatever its owner plants on the way is caught where
 * it stands. But in a folder that others may write (sticky: one that is
 * not is refused, since they could rename what it holds), anyone may
 * plant a folder of theirs where the path goes, so there a folder must be
 * root's or the user's. The step folder is the user's alone.
 */
static int _check(struct _walk *w, int fd, bool last)
{
    struct stat st;
    char owner[256];

    if (fstat(fd, &st) < 0)
        return _refuse(w, errno, "cannot be inspected: %s", strerror(errno));
    if (st.st_uid != w->uid && (last || (w->shared && st.st_uid != 0))) {
        hl_user_name(st.st_uid, owner, sizeof(owner));
        return _refuse(w, EPERM, "belongs to %s, %s", owner,
                       last ? "not to the job's user"
                            : "in a folder others may write");
    }
    if ((st.st_mode & S_IWOTH) && (last || !(st.st_mode & S_ISVTX)))
        return _refuse(w, EPERM,
                       last ? "is writable by other users"
                            : "is writable by other users and not sticky");
    w->shared = (st.st_mode & S_IWOTH) != 0;
    return 0;
}

/* Why openat() of a component failed, the component named. */
static int _open_failed(const struct _walk *w, int dfd, const char *name,
                        int err)
{
    struct stat st;

    if ((err == ELOOP || err == ENOTDIR) &&
        fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (S_ISLNK(st.st_mode))
            return _refuse(w, ELOOP, "is a symbolic link: refused");
        return _refuse(w, ENOTDIR, "is not a folder");
    }
    if (err == ENOENT)
        return _refuse(w, err, "does not exist");
    return _refuse(w, err, "cannot be opened: %s", strerror(err));
}

static int _missing_site(const struct _walk *w, size_t site_len)
{
    int n = snprintf(w->why, w->why_size, "the site folder %.*s does not exist",
                     (int)site_len, w->path);

    if (n >= 0 && (size_t)n < w->why_size)
        snprintf(w->why + n, w->why_size - n,
                 "%s%.*s%s: an administrator makes it, owned by root, mode "
                 "1777",
                 w->end < site_len ? " (" : "",
                 (int)(w->end < site_len ? w->end : 0), w->path,
                 w->end < site_len ? " is missing)" : "");
    return ENOENT;
}

/* Opens one component, making it first if allowed. */
static int _step(struct _walk *w, int dfd, const char *name, bool last,
                 bool make, size_t site_len, int *err)
{
    int fd = openat(dfd, name, HL_DIR_FLAGS);

    if (fd < 0 && errno == ENOENT && make) {
        if (w->end <= site_len) {
            *err = _missing_site(w, site_len);
            return -1;
        }
        /* Never writable by others, whatever the umask: see _check(). */
        if (mkdirat(dfd, name, last ? 0755 : 0777) < 0 && errno != EEXIST) {
            *err = errno;
            snprintf(w->why, w->why_size, "cannot create %.*s: %s", (int)w->end,
                     w->path, strerror(*err));
            return -1;
        }
        fd = openat(dfd, name, HL_DIR_FLAGS);
    }
    if (fd < 0) {
        *err = _open_failed(w, dfd, name, errno);
        return -1;
    }
    *err = _check(w, fd, last);
    if (*err) {
        close(fd);
        return -1;
    }
    return fd;
}

int hl_stepdir_open(const char *path, size_t site_len, bool make, uid_t uid,
                    char *why, size_t why_size)
{
    struct _walk w = {path, 0, uid, why, why_size, false};
    char name[256];
    int dfd, err = 0;
    size_t at = 0;

    if (path[0] != '/') {
        snprintf(why, why_size, "%s is not an absolute path", path);
        errno = EINVAL;
        return -1;
    }
    dfd = open("/", HL_DIR_FLAGS);
    if (dfd < 0 || (err = _check(&w, dfd, false))) {
        if (dfd < 0)
            err = _refuse(&w, errno, "cannot be opened: %s", strerror(errno));
        if (dfd >= 0)
            close(dfd);
        errno = err;
        return -1;
    }
    while (path[at]) {
        size_t len;
        bool last;
        int fd;

        at += strspn(path + at, "/");
        len = strcspn(path + at, "/");
        if (len == 0)
            break;
        w.end = at + len;
        last = path[w.end + strspn(path + w.end, "/")] == '\0';
        if (len >= sizeof(name)) {
            err = _refuse(&w, ENAMETOOLONG, "has too long a name");
            break;
        }
        memcpy(name, path + at, len);
        name[len] = '\0';
        fd = _step(&w, dfd, name, last, make, site_len, &err);
        close(dfd);
        dfd = fd;
        if (fd < 0)
            break;
        at = w.end;
    }
    if (dfd >= 0 && w.end == 0) {
        close(dfd);
        dfd = -1;
        err = _refuse(&w, EINVAL, "is not a step folder");
    }
    if (dfd < 0) {
        errno = err;
        return -1;
    }
    return dfd;
}

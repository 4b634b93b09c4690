#define _GNU_SOURCE /* IFTODT */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format_size.h"
#include "read_files.h"
#include "job/warn.h"

/* The report that the SPANK plugin keeps in a step folder, and its page. */
#define _STEP_REPORT "report.txt"
#define _STEP_PAGE "report.html"

/* A record is about 300 bytes; this holds any of today's in one read(). */
#define _BUF_SIZE 65536

/* What a file that is not a regular one is, for the message. */
static const char *_not_regular(mode_t mode)
{
    switch (mode & S_IFMT) {
    case S_IFIFO:
        return "a FIFO";
    case S_IFCHR:
        return "a character device";
    case S_IFBLK:
        return "a block device";
    case S_IFSOCK:
        return "a socket";
    case S_IFLNK:
        return "a symbolic link";
    default:
        return "not a regular file";
    }
}

static void _skip(struct hl_loader *ld, const char *path, mode_t mode)
{
    hl_warn(path, "%s, not a heapline file: not read", _not_regular(mode));
    ld->skipped++;
}

/* Makes ld->big hold at least want bytes, keeping what it holds.
 * Returns 0 or ENOMEM. */
static int _grow_big(struct hl_loader *ld, size_t want)
{
    char *p;

    if (ld->big_cap >= want)
        return 0;
    p = realloc(ld->big, want);
    if (!p)
        return ENOMEM;
    ld->big = p;
    ld->big_cap = want;
    return 0;
}

/* Reads from fd after the len bytes of head, up to bound + 1 bytes in all
 * (one more than a good file may hold, to tell that it is larger), into
 * ld->big: room for size (the file's size when opened) and one more byte
 * at first, since the bound of a merged node file is far above most; more
 * only if the file grows while read. Returns 0 or an errno. */
static int _read_rest(struct hl_loader *ld, int fd, const char *head,
                      size_t *len, size_t size, size_t bound)
{
    size_t cap = size < bound ? size + 1 : bound + 1;

    if (cap < *len + 1)
        cap = *len + 1;
    if (_grow_big(ld, cap))
        return ENOMEM;
    memcpy(ld->big, head, *len);
    while (*len < bound + 1) {
        ssize_t n;

        if (*len == ld->big_cap &&
            _grow_big(ld, ld->big_cap > (bound + 1) / 2 ? bound + 1
                                                        : 2 * ld->big_cap))
            return ENOMEM;
        n = read(fd, ld->big + *len, ld->big_cap - *len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            break;
        *len += (size_t)n;
    }
    return 0;
}

/* Reads the file open on fd (st: its status) whole into *data, *len, up
 * to the bound of its kind. Returns 0, an errno, or -1 when it is larger
 * than its kind may be (said on stderr). */
static int _read_bounded(struct hl_loader *ld, int fd, const struct stat *st,
                         char *buf, const char **data, size_t *len,
                         const char *path)
{
    char size[HL_SIZE_BUF];
    const char *kind;
    size_t bound;
    ssize_t n;

    do
        n = read(fd, buf, _BUF_SIZE);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return errno;
    *data = buf;
    *len = (size_t)n;
    /* A short read of a regular file is its end: no second read() for the
     * 100,000 small files of a large job. A file that is no heapline file
     * is refused from its first bytes. */
    if (*len < _BUF_SIZE || !(bound = hl_file_bound(buf, *len, &kind)))
        return 0;
    if ((uint64_t)st->st_size <= bound) {
        int fault = _read_rest(ld, fd, buf, len, (size_t)st->st_size, bound);

        if (fault)
            return fault;
        *data = ld->big;
    }
    if ((uint64_t)st->st_size > bound || *len > bound) {
        hl_format_size(bound, size);
        hl_warn(path, "larger than a heapline %s may be (more than %s)", kind,
                size);
        return -1;
    }
    return 0;
}

/* Reads the regular file open on fd, once. */
static void _read_once(struct hl_loader *ld, int fd, const char *path)
{
    char buf[_BUF_SIZE];
    char err[160];
    const char *data = buf;
    size_t len = 0;
    struct stat st;
    int fault, rc;

    if (fstat(fd, &st) < 0) {
        hl_warn(path, "cannot read: %s", strerror(errno));
        ld->skipped++;
        return;
    }
    if (!S_ISREG(st.st_mode)) {
        _skip(ld, path, st.st_mode);
        return;
    }
    if (hl_file_ids_add(&ld->seen, st.st_dev, st.st_ino) == 0)
        return;
    fault = _read_bounded(ld, fd, &st, buf, &data, &len, path);
    if (fault > 0)
        hl_warn(path, "cannot read: %s", strerror(fault));
    if (fault) {
        ld->skipped++;
        return;
    }
    ld->set->callsites_fault[0] = '\0';
    ld->set->timelines.fault[0] = '\0';
    rc = hl_read_file(data, len, ld->set, err, sizeof(err));
    if (rc < 0) {
        hl_warn(path, "%s", err);
        ld->skipped++;
        return;
    }
    if (ld->set->callsites_fault[0]) {
        hl_warn(path, "%s; its sites are left out", ld->set->callsites_fault);
        ld->skipped++;
    }
    if (ld->set->timelines.fault[0]) {
        hl_warn(path, "%s; its timeline is left out", ld->set->timelines.fault);
        ld->skipped++;
    }
    ld->good++;
}

static void _load_file(struct hl_loader *ld, int dirfd, const char *name,
                       const char *path)
{
    /* Non-blocking: a FIFO put in the place of the file just checked must
     * not hang the open. */
    int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

    if (fd < 0) {
        hl_warn(path, "cannot open: %s", strerror(errno));
        ld->skipped++;
        return;
    }
    _read_once(ld, fd, path);
    close(fd);
}

/* The type of the directory entry de of dfd, following a symbolic link to
 * a file; a link to a directory is not followed (a directory tree cannot
 * loop that way) and gives DT_LNK. */
static unsigned char _entry_type(int dfd, const struct dirent *de)
{
    struct stat st;

    if (de->d_type != DT_UNKNOWN && de->d_type != DT_LNK)
        return de->d_type;
    if (fstatat(dfd, de->d_name, &st, 0) < 0)
        return DT_REG; /* opening it will say what is wrong */
    if (S_ISDIR(st.st_mode))
        return de->d_type == DT_LNK ? DT_LNK : DT_DIR;
    return IFTODT(st.st_mode);
}

static void _walk_dir(struct hl_loader *ld, int dfd, char *path, size_t plen)
{
    DIR *dir = fdopendir(dfd);
    struct dirent *de;

    if (!dir) {
        hl_warn(path, "cannot open directory: %s", strerror(errno));
        ld->skipped++;
        close(dfd);
        return;
    }
    while ((errno = 0, de = readdir(dir))) {
        size_t nlen = strlen(de->d_name);
        unsigned char type;

        /* The plugin keeps the step's report beside its records. */
        if (de->d_name[0] == '.' || strcmp(de->d_name, _STEP_REPORT) == 0 ||
            strcmp(de->d_name, _STEP_PAGE) == 0)
            continue;
        if (plen + 1 + nlen >= PATH_MAX) {
            path[plen] = '\0';
            hl_warn(path, "path too long below it, skipped");
            ld->skipped++;
            continue;
        }
        path[plen] = '/';
        memcpy(path + plen + 1, de->d_name, nlen + 1);
        type = _entry_type(dfd, de);
        if (type == DT_DIR) {
            int sub =
                openat(dfd, de->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

            if (sub < 0) {
                hl_warn(path, "cannot open directory: %s", strerror(errno));
                ld->skipped++;
            } else {
                _walk_dir(ld, sub, path, plen + 1 + nlen);
            }
        } else if (type == DT_REG) {
            /* Other entries (a FIFO, a socket, a device) are no file of
             * heapline's: left out, as hidden files are. A FIFO planted
             * in a step folder is the plugin's to tell, once. */
            _load_file(ld, dfd, de->d_name, path);
        }
    }
    if (errno) {
        path[plen] = '\0';
        hl_warn(path, "cannot read directory: %s", strerror(errno));
        ld->skipped++;
    }
    path[plen] = '\0';
    closedir(dir);
}

void hl_load_path(struct hl_loader *ld, const char *path)
{
    char buf[PATH_MAX];
    size_t len = strlen(path);
    struct stat st;
    int fd;

    if (stat(path, &st) < 0) {
        hl_warn(path, "%s", strerror(errno));
        ld->skipped++;
        return;
    }
    if (S_ISREG(st.st_mode)) {
        _load_file(ld, AT_FDCWD, path, path);
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        _skip(ld, path, st.st_mode);
        return;
    }
    if (len >= PATH_MAX) {
        hl_warn(path, "path too long");
        ld->skipped++;
        return;
    }
    fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        hl_warn(path, "cannot open directory: %s", strerror(errno));
        ld->skipped++;
        return;
    }
    memcpy(buf, path, len + 1);
    while (len > 1 && buf[len - 1] == '/')
        buf[--len] = '\0';
    /* "/" itself: its entries are "/name", not "//name". */
    _walk_dir(ld, fd, buf, len == 1 && buf[0] == '/' ? 0 : len);
}

void hl_loader_free(struct hl_loader *ld)
{
    free(ld->big);
    ld->big = NULL;
    ld->big_cap = 0;
    hl_file_ids_free(&ld->seen);
}

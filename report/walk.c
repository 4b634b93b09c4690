#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "read_files.h"
#include "warn.h"

/* The report that the SPANK plugin keeps in a step folder. */
#define _STEP_REPORT "report.txt"

/* A record is about 300 bytes; this holds any of them in one read(). */
#define _BUF_SIZE 65536

static int _read_rest(struct hl_loader *ld, int fd, const char *head,
                      size_t *len)
{
    if (ld->big_cap < 2 * _BUF_SIZE) {
        free(ld->big);
        ld->big_cap = 2 * _BUF_SIZE;
        ld->big = malloc(ld->big_cap);
        if (!ld->big)
            return ENOMEM;
    }
    memcpy(ld->big, head, *len);
    for (;;) {
        ssize_t n;

        if (*len == ld->big_cap) {
            char *big = realloc(ld->big, ld->big_cap * 2);

            if (!big)
                return ENOMEM;
            ld->big = big;
            ld->big_cap *= 2;
        }
        n = read(fd, ld->big + *len, ld->big_cap - *len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return 0;
        *len += (size_t)n;
    }
}

static void _load_file(struct hl_loader *ld, int dirfd, const char *name,
                       const char *path)
{
    char buf[_BUF_SIZE];
    char err[160];
    const char *data = buf;
    size_t len = 0;
    ssize_t n;
    int fd, fault = 0;

    fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        hl_warn(path, "cannot open: %s", strerror(errno));
        ld->skipped++;
        return;
    }
    do
        n = read(fd, buf, sizeof(buf));
    while (n < 0 && errno == EINTR);
    if (n < 0)
        fault = errno;
    else
        len = (size_t)n;
    /* A short read of a regular file is its end: no second read() for the
     * 100,000 small files of a large job. */
    if (!fault && len == sizeof(buf)) {
        fault = _read_rest(ld, fd, buf, &len);
        data = ld->big;
    }
    close(fd);
    if (fault) {
        hl_warn(path, "cannot read: %s", strerror(fault));
        ld->skipped++;
        return;
    }
    ld->set->sites_fault[0] = '\0';
    if (hl_read_file(data, len, ld->set, err, sizeof(err)) < 0) {
        hl_warn(path, "%s", err);
        ld->skipped++;
        return;
    }
    if (ld->set->sites_fault[0]) {
        hl_warn(path, "%s; its sites are left out", ld->set->sites_fault);
        ld->skipped++;
    }
    ld->good++;
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
        unsigned char type = de->d_type;

        /* The plugin keeps the step's report beside its records. */
        if (de->d_name[0] == '.' || strcmp(de->d_name, _STEP_REPORT) == 0)
            continue;
        if (plen + 1 + nlen >= PATH_MAX) {
            path[plen] = '\0';
            hl_warn(path, "path too long below it, skipped");
            ld->skipped++;
            continue;
        }
        path[plen] = '/';
        memcpy(path + plen + 1, de->d_name, nlen + 1);
        if (type == DT_UNKNOWN || type == DT_LNK) {
            struct stat st;

            /* Links to files are followed, links to directories are not:
             * a directory tree cannot loop that way. */
            if (fstatat(dfd, de->d_name, &st, 0) < 0)
                type = DT_REG; /* opening it will say what is wrong */
            else if (S_ISDIR(st.st_mode))
                type = de->d_type == DT_LNK ? DT_UNKNOWN : DT_DIR;
            else
                type = S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
        }
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
    if (!S_ISDIR(st.st_mode)) {
        _load_file(ld, AT_FDCWD, path, path);
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
}

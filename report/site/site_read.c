#include "site_read.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format_read.h"
#include "site_cli.h"

/* Past this many bad lines in one file, the rest are counted, not named. */
#define HL_SITE_BAD_NAMED 10

struct _file {
    const char *dir, *name;
    const struct hl_site_filter *filter;
    hl_site_line_fn fn;
    void *ctx;
    struct hl_site_reading *reading;
    uint64_t bad;
};

__attribute__((format(printf, 3, 4))) static void
_say(const char *dir, const char *name, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "%s: %s/%s: ", HL_SITE_PROGRAM, dir, name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int hl_site_file_day(const char *name, int64_t *day)
{
    static const char tail[] = ".csv";
    size_t len = strlen(name), tlen = sizeof(tail) - 1;
    char date[11];

    if (len < 1 + 1 + 10 + tlen || strcmp(name + len - tlen, tail) != 0 ||
        name[len - tlen - 11] != '-' || name[0] == '.')
        return -1;
    memcpy(date, name + len - tlen - 10, 10);
    date[10] = '\0';
    return hl_site_parse_time(date, day);
}

static int _on_row(void *ctx, const void *r)
{
    struct _file *f = ctx;
    const struct hl_site_row *row = r;
    int bad = hl_site_row_check(row);

    if (bad >= 0)
        return bad;
    if (row->end < f->filter->since || row->end >= f->filter->until ||
        (f->filter->one_uid && row->uid != f->filter->uid))
        return HL_ROW_GOOD;
    f->reading->lines++;
    if (f->fn(f->ctx, row) < 0) {
        f->reading->nomem = true;
        return HL_ROW_NOMEM;
    }
    return HL_ROW_GOOD;
}

static void _on_bad(void *ctx, const char *what)
{
    struct _file *f = ctx;

    if (++f->bad <= HL_SITE_BAD_NAMED)
        _say(f->dir, f->name, "%s, line skipped", what);
    f->reading->problems++;
}

/* The file's lines; a file that cannot be one is named and skipped. */
static void _read_file(struct _file *f, int dirfd)
{
    int fd =
        openat(dirfd, f->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct hl_site_row row;
    struct stat st;
    char err[256];
    void *map;

    if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        _say(f->dir, f->name, "%s, skipped",
             fd < 0 && errno == ELOOP ? "a symbolic link"
             : fd < 0                 ? strerror(errno)
                                      : "not a regular file");
        f->reading->problems++;
        if (fd >= 0)
            close(fd);
        return;
    }
    map = st.st_size
              ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)
              : MAP_FAILED;
    close(fd);
    f->reading->files++;
    if (map == MAP_FAILED) {
        _say(f->dir, f->name, "%s", st.st_size ? strerror(errno) : "empty");
        f->reading->problems++;
        return;
    }
    madvise(map, (size_t)st.st_size, MADV_SEQUENTIAL);
    if (hl_format_read_each(&hl_site_format, map, (size_t)st.st_size, &row,
                            _on_row, _on_bad, f, err, sizeof(err)) < 0) {
        _say(f->dir, f->name, "%s", err);
        f->reading->problems++;
    }
    if (f->bad > HL_SITE_BAD_NAMED)
        _say(f->dir, f->name, "%llu more bad lines skipped",
             (unsigned long long)(f->bad - HL_SITE_BAD_NAMED));
    munmap(map, (size_t)st.st_size);
}

/* A day's file can only hold lines of steps that ended that day (UTC). */
static bool _day_wanted(const struct hl_site_filter *filter, int64_t day)
{
    return day < filter->until && day + 86400 > filter->since;
}

int hl_site_read_dir(const char *dir, const struct hl_site_filter *filter,
                     hl_site_line_fn fn, void *ctx,
                     struct hl_site_reading *reading)
{
    int dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = dirfd < 0 ? NULL : fdopendir(dirfd);
    struct dirent *e;
    int64_t day;

    if (!d) {
        fprintf(stderr, "%s: %s: %s\n", HL_SITE_PROGRAM, dir, strerror(errno));
        if (dirfd >= 0)
            close(dirfd);
        reading->problems++;
        return -1;
    }
    while (!reading->nomem && (e = readdir(d))) {
        struct _file f = {dir, e->d_name, filter, fn, ctx, reading, 0};

        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (hl_site_file_day(e->d_name, &day) < 0) {
            _say(dir, e->d_name, "not a site file's name, skipped");
            reading->problems++;
            continue;
        }
        if (_day_wanted(filter, day))
            _read_file(&f, dirfd);
    }
    closedir(d);
    return 0;
}

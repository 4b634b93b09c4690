#define _GNU_SOURCE
#include "replace.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* O_EXCL: a link planted at the temporary name is not followed either. A
 * stale file of an earlier process of the same pid is removed once. */
static int _create(const char *temp)
{
    int flags = O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    int fd = open(temp, flags, 0666);

    if (fd < 0 && errno == EEXIST && unlink(temp) == 0)
        fd = open(temp, flags, 0666);
    return fd;
}

int hl_write_all(int fd, const char *data, size_t len)
{
    while (len) {
        ssize_t n = write(fd, data, len);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

size_t hl_replace_map_size(size_t len)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);

    return len ? (len + page - 1) / page * page : page;
}

/* The file's pages, mapped shared: at at (MAP_FIXED) or anywhere. */
static void *_map(int fd, size_t len, void *at)
{
    return mmap(at, hl_replace_map_size(len), PROT_READ | PROT_WRITE,
                MAP_SHARED | (at ? MAP_FIXED : 0), fd, 0);
}

int hl_replace_file(const char *path, const char *temp, const char *data,
                    size_t len, void **map)
{
    struct stat st;
    void *page = MAP_FAILED;
    int fd, saved;

    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        errno = S_ISLNK(st.st_mode) ? ELOOP : EEXIST;
        return -1;
    }
    if ((fd = _create(temp)) < 0)
        return -1;
    if (hl_write_all(fd, data, len) < 0)
        goto fail;
    if (map && (page = _map(fd, len, *map)) == MAP_FAILED)
        goto fail;
    if (close(fd) < 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(temp, path) < 0)
        goto fail;
    if (map)
        *map = page;
    return 0;
fail:
    saved = errno;
    if (page != MAP_FAILED && !*map)
        munmap(page, hl_replace_map_size(len));
    if (fd >= 0)
        close(fd);
    unlink(temp);
    errno = saved;
    return -1;
}

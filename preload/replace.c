#define _GNU_SOURCE
#include "replace.h"
#include "buf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int _temp_name(const char *path, pid_t pid, char *out, size_t cap)
{
    const char *slash = strrchr(path, '/');
    struct hl_buf b;

    if (!slash || !slash[1]) {
        errno = EISDIR;
        return -1;
    }
    hl_buf_init(&b, out, cap);
    hl_buf_mem(&b, path, (size_t)(slash + 1 - path));
    hl_buf_char(&b, '.');
    hl_buf_str(&b, slash + 1);
    hl_buf_str(&b, ".heapline-");
    hl_buf_i64(&b, pid);
    if (b.overflow) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
}

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

int hl_replace_file(const char *path, pid_t pid, const char *data, size_t len,
                    void **map)
{
    char temp[PATH_MAX];
    struct stat st;
    void *page = MAP_FAILED;
    int fd, saved;

    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        errno = S_ISLNK(st.st_mode) ? ELOOP : EEXIST;
        return -1;
    }
    if (_temp_name(path, pid, temp, sizeof(temp)) < 0 ||
        (fd = _create(temp)) < 0)
        return -1;
    if (hl_write_all(fd, data, len) < 0)
        goto fail;
    if (map) {
        page = mmap(NULL, hl_replace_map_size(len), PROT_READ | PROT_WRITE,
                    MAP_SHARED, fd, 0);
        if (page == MAP_FAILED)
            goto fail;
    }
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
    if (page != MAP_FAILED)
        munmap(page, hl_replace_map_size(len));
    if (fd >= 0)
        close(fd);
    unlink(temp);
    errno = saved;
    return -1;
}

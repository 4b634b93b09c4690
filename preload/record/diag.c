#define _GNU_SOURCE
#include "diag.h"
#include "nosigpipe.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static int _had_stderr;
static dev_t _stderr_dev;
static ino_t _stderr_ino;

void hl_diag_remember_stderr(void)
{
    struct stat st;

    _had_stderr = fstat(2, &st) == 0;
    if (!_had_stderr)
        return;
    _stderr_dev = st.st_dev;
    _stderr_ino = st.st_ino;
}

/* Whether the regular file st at fd 2 ends its last line just where the
 * next write goes: after a newline, or at its start. Read through a
 * descriptor of its own, as fd 2 is usually write-only. */
static int _at_line_start(const struct stat *st)
{
    int flags = fcntl(2, F_GETFL);
    off_t at =
        flags >= 0 && (flags & O_APPEND) ? st->st_size : lseek(2, 0, SEEK_CUR);
    char last = '\n';
    int fd;

    if (at <= 0)
        return 1;
    fd = open("/proc/self/fd/2", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return 1;
    if (pread(fd, &last, 1, at - 1) != 1)
        last = '\n';
    close(fd);
    return last == '\n';
}

void hl_diag_write(const char *line, size_t len)
{
    struct stat st;
    int saved_errno = errno;

    if (!_had_stderr || fstat(2, &st) || st.st_dev != _stderr_dev ||
        st.st_ino != _stderr_ino)
        return;
    if (S_ISREG(st.st_mode) && !_at_line_start(&st))
        hl_write_nosigpipe(2, "\n", 1);
    hl_write_nosigpipe(2, line, len);
    errno = saved_errno;
}

#include "diag.h"

#include <errno.h>
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

void hl_diag_write(const char *line, size_t len)
{
    struct stat st;
    ssize_t n;

    if (!_had_stderr || fstat(2, &st) || st.st_dev != _stderr_dev ||
        st.st_ino != _stderr_ino)
        return;
    while (len) {
        n = write(2, line, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        line += n;
        len -= (size_t)n;
    }
}

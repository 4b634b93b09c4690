#define _GNU_SOURCE
#include "unwinder_pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

/* Where the pipe goes: the 16 descriptors below the soft limit, or below
 * 1024 if that is higher (a limit of a million would otherwise make the
 * kernel's table of descriptors that large), so that select() still sees
 * the program's first 1008. No room under a limit of 64 or less. */
static int _floor(void)
{
    struct rlimit r;

    if (getrlimit(RLIMIT_NOFILE, &r) || r.rlim_cur <= 64)
        return -1;
    return (int)(r.rlim_cur < 1024 ? r.rlim_cur : 1024) - 16;
}

int hl_unwinder_pipe(int fds[2], int flags, hl_pipe_fn *make)
{
    int floor, saved_errno;

    if (make(fds, flags))
        return -1;
    saved_errno = errno;
    floor = _floor();
    for (int i = 0; i < 2 && floor >= 0; i++) {
        int high =
            fcntl(fds[i], flags & O_CLOEXEC ? F_DUPFD_CLOEXEC : F_DUPFD, floor);

        if (high >= 0) {
            close(fds[i]);
            fds[i] = high;
        }
    }
    errno = saved_errno;
    return 0;
}

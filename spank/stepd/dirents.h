/* A folder's entries read with no allocation (getdents64), which glibc
 * wraps from 2.30 on and older ones leave to the system call. */
#ifndef HEAPLINE_DIRENTS_H
#define HEAPLINE_DIRENTS_H

#include "config.h"

#include <dirent.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline ssize_t hl_getdents64(int fd, void *buf, size_t len)
{
#if HAVE_GETDENTS64
    return getdents64(fd, buf, len);
#else
    return syscall(SYS_getdents64, fd, buf, len);
#endif
}

#endif

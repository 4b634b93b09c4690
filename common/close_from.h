/* Closing every descriptor of a range, for a child about to run another
 * program, on any kernel and C library a cluster runs: close_range(2)
 * came with Linux 5.9 and glibc 2.34 (RHEL 8 and its kin have neither).
 * Before glibc 2.34 it is called by its number (a container's older C
 * library on a newer kernel has it all the same), and where the kernel
 * lacks it the descriptors are closed one by one up to the open-file
 * limit. Nothing but system calls' wrappers: the library's refresher is
 * started from a child that shares the program's memory. */
#ifndef HEAPLINE_COMMON_CLOSE_FROM_H
#define HEAPLINE_COMMON_CLOSE_FROM_H

#include "config.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#if !HAVE_CLOSE_RANGE && !defined(__NR_close_range)
#define __NR_close_range 436 /* the same on every architecture */
#endif

static inline int hl_close_range(unsigned first, unsigned last)
{
#if HAVE_CLOSE_RANGE
    return close_range(first, last, 0);
#else
    return (int)syscall(__NR_close_range, first, last, 0);
#endif
}

/* One by one, up to this many where the limit is higher or unknown. */
#define HL_CLOSE_EACH_MAX 65536u

static inline void hl_close_each(unsigned first, unsigned last)
{
    struct rlimit lim;

    if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY &&
        lim.rlim_cur <= last)
        last = lim.rlim_cur ? (unsigned)lim.rlim_cur - 1 : 0;
    if (last >= HL_CLOSE_EACH_MAX)
        last = HL_CLOSE_EACH_MAX - 1;
    for (unsigned fd = first; fd <= last; fd++)
        close((int)fd);
}

static inline void hl_close_from(unsigned first, unsigned last)
{
    if (first > last || hl_close_range(first, last) == 0)
        return;
    hl_close_each(first, last);
}

#endif

/* Closing every descriptor of a range, for a child about to run another
 * program, on any kernel and C library a cluster runs: close_range(2)
 * came with Linux 5.9 and glibc 2.34 (RHEL 8 and its kin have neither),
 * so it is called by its number, and where the kernel lacks it the
 * descriptors are closed one by one up to the open-file limit. Nothing
 * but system calls' wrappers: the library's refresher is started from a
 * child that shares the program's memory. */
#ifndef HEAPLINE_COMMON_CLOSE_FROM_H
#define HEAPLINE_COMMON_CLOSE_FROM_H

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_close_range
#define __NR_close_range 436 /* the same on every architecture */
#endif

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
    if (first > last || syscall(__NR_close_range, first, last, 0) == 0)
        return;
    hl_close_each(first, last);
}

#endif

/* A libunwind that walk_while_loader_locked_no_hang.py and
 * fork_in_handler_during_walk_no_hang.py install as libunwind.so.8, first
 * in LD_LIBRARY_PATH. Its walk does what libunwind's does for an address
 * it has not cached: it calls dl_iterate_phdr, and so waits for the
 * dynamic loader's lock; inside, it spends 20 microseconds, so that other
 * threads and signal handlers come while a walk is under way. */
#define _GNU_SOURCE
#include "fake_libunwind.h"

#include <link.h>
#include <time.h>

static void fake_set_up(void) {}

static int _spin(struct dl_phdr_info *info, size_t size, void *arg)
{
    struct timespec a, b;

    (void)info;
    (void)size;
    (void)arg;
    clock_gettime(CLOCK_MONOTONIC, &a);
    do
        clock_gettime(CLOCK_MONOTONIC, &b);
    while ((b.tv_sec - a.tv_sec) * 1000000000 + (b.tv_nsec - a.tv_nsec) <
           20000);
    return 1;
}

int unw_backtrace(void **frames, int size)
{
    dl_iterate_phdr(_spin, NULL);
    if (size > 0)
        frames[0] = (void *)_spin;
    return size > 0;
}

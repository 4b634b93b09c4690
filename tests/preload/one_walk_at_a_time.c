/* A libunwind that one_walk_at_a_time.py installs as libunwind.so.8,
 * first in LD_LIBRARY_PATH: its walk takes 50 microseconds, and a second
 * thread that enters it while one is inside aborts the process, as
 * libunwind 1.6's own walks, which share one pipe to check memory, broke
 * an Open MPI rank's sockets (preload/callsites/callsites_stacks.c). */
#include "fake_libunwind.h"

#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void fake_set_up(void) {}

static int _inside;

static void _spin_us(long us)
{
    struct timespec a, b;

    clock_gettime(CLOCK_MONOTONIC, &a);
    do
        clock_gettime(CLOCK_MONOTONIC, &b);
    while ((b.tv_sec - a.tv_sec) * 1000000 + (b.tv_nsec - a.tv_nsec) / 1000 <
           us);
}

int unw_backtrace(void **frames, int size)
{
    static const char two[] = "one_walk_at_a_time: two threads inside\n";

    if (__atomic_add_fetch(&_inside, 1, __ATOMIC_SEQ_CST) > 1) {
        if (write(2, two, sizeof(two) - 1) < 0)
            _exit(3);
        abort();
    }
    _spin_us(50);
    if (size > 0)
        frames[0] = (void *)_spin_us;
    __atomic_sub_fetch(&_inside, 1, __ATOMIC_SEQ_CST);
    return size > 0;
}

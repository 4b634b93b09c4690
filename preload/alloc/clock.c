/* Start time of the library, on both monotonic clocks so that each
 * reading is compared with a start taken on its own clock, and on the wall
 * clock, which lines up the processes of a node (the record's
 * start_time_s). */
#include "clock.h"

static int64_t _start_ns;
static int64_t _start_coarse_ns;
static int64_t _start_wall_ns;

static int64_t _read_ns(clockid_t clock)
{
    struct timespec t;

    clock_gettime(clock, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

void hl_clock_start(void)
{
    _start_ns = _read_ns(CLOCK_MONOTONIC);
    _start_wall_ns = _read_ns(CLOCK_REALTIME);
    _start_coarse_ns = hl_clock_coarse_ns();
}

int64_t hl_clock_start_ns(void)
{
    return _start_ns;
}

int64_t hl_clock_start_wall_ns(void)
{
    return _start_wall_ns;
}

int64_t hl_clock_elapsed_ns(void)
{
    return _read_ns(CLOCK_MONOTONIC) - _start_ns;
}

int64_t hl_clock_since_start_ns(int64_t coarse_ns)
{
    return coarse_ns > _start_coarse_ns ? coarse_ns - _start_coarse_ns : 0;
}

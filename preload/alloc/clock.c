/* Start time of the library, on the monotonic clock, and on the wall
 * clock, which lines up the processes of a node (the record's
 * start_time_s). Coarse readings are measured from the precise start: the
 * coarse clock is the precise one as of the last tick, never ahead of it,
 * so a time taken from it is never past elapsed_s (a peak, a timeline
 * point), only up to a tick early. */
#include "clock.h"

static int64_t _start_ns;
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
    return coarse_ns > _start_ns ? coarse_ns - _start_ns : 0;
}

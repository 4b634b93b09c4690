/* Start time of the library, on both clocks so that each reading is
 * compared with a start taken on its own clock. */
#include "clock.h"

static int64_t _start_ns;
static int64_t _start_coarse_ns;

static int64_t _precise_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

void hl_clock_start(void)
{
    _start_ns = _precise_ns();
    _start_coarse_ns = hl_clock_coarse_ns();
}

int64_t hl_clock_start_ns(void)
{
    return _start_ns;
}

int64_t hl_clock_elapsed_ns(void)
{
    return _precise_ns() - _start_ns;
}

int64_t hl_clock_since_start_ns(int64_t coarse_ns)
{
    return coarse_ns > _start_coarse_ns ? coarse_ns - _start_coarse_ns : 0;
}

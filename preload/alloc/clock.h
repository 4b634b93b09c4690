/* Time since the library started in this process. */
#ifndef HEAPLINE_CLOCK_H
#define HEAPLINE_CLOCK_H

#include <stdint.h>
#include <time.h>

/* The coarse clock is read from the vDSO in a few nanoseconds, where the
 * precise one costs about 25; its resolution is the kernel tick (1-4 ms). */
static inline int64_t hl_clock_coarse_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Marks the library's start in this process (again in a forked child). */
void hl_clock_start(void);

/* The start, on CLOCK_MONOTONIC, in nanoseconds. */
int64_t hl_clock_start_ns(void);
/* The start on the wall clock (CLOCK_REALTIME), nanoseconds since the
 * Epoch: the record's start_time_s. */
int64_t hl_clock_start_wall_ns(void);

/* Nanoseconds since the start, precise (for elapsed_s). */
int64_t hl_clock_elapsed_ns(void);

/* Converts a coarse reading into nanoseconds since the start. */
int64_t hl_clock_since_start_ns(int64_t coarse_ns);

#endif

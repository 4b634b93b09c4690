/* Milestones: the moments when a growing peak is worth more than a count.
 * Its time is read when it has grown by HL_PEAK_TIME_STEP since the last
 * reading (so the clock stays off the path of a heap that grows by small
 * blocks), and the provisional record is rewritten when it has grown by 1%
 * or 1 MiB, whichever is larger, since the record was last written.
 *
 * Counting calls hl_milestones_reached() when its peak reaches
 * hl_milestones.next, and writes the record when told to: counting reads
 * this policy, and publishing is called from counting alone. */
#ifndef HEAPLINE_MILESTONES_H
#define HEAPLINE_MILESTONES_H

#include <stdint.h>

#define HL_PEAK_TIME_STEP 4096

#pragma GCC visibility push(hidden)

struct hl_milestones {
    int64_t next;       /* the smaller of the two below */
    int64_t stamp_at;   /* the peak at which the time is read again */
    int64_t publish_at; /* the peak at which the record is written again */
    int64_t stamped;    /* the peak when the time was last read */
    int64_t peak_ns;    /* coarse clock then */
};

extern struct hl_milestones hl_milestones;

/* peak has reached hl_milestones.next: reads the clock if due, and returns
 * whether the provisional record is due, to this caller alone. */
int hl_milestones_reached(int64_t peak);

/* The time of the peak, since the library started: that of the last
 * reading, or now if peak has grown by the step since (a peak still held
 * in a thread's counters at exit). */
int64_t hl_milestones_peak_time_ns(int64_t peak);

/* In a forked child: its peak is the heap it inherited, now. */
void hl_milestones_restart(int64_t peak);

#pragma GCC visibility pop

#endif

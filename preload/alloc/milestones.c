/* The milestone policy (milestones.h): when the peak's time is read and
 * when the provisional record is due. */
#include "milestones.h"
#include "clock.h"
#include "record_format.h"

/* The provisional record is rewritten when the peak has grown by this
 * share of itself, or by HL_RECORD_PUBLISH_MIN, whichever is larger. */
#define HL_PUBLISH_SHARE 100

/* The first peak is a milestone of both kinds: its time is read, and the
 * record (if there is one yet) written. */
struct hl_milestones hl_milestones;

static void _set_next(void)
{
    int64_t stamp = __atomic_load_n(&hl_milestones.stamp_at, __ATOMIC_RELAXED);
    int64_t publish =
        __atomic_load_n(&hl_milestones.publish_at, __ATOMIC_RELAXED);

    __atomic_store_n(&hl_milestones.next, stamp < publish ? stamp : publish,
                     __ATOMIC_RELAXED);
}

int hl_milestones_reached(int64_t peak)
{
    int64_t publish_at =
        __atomic_load_n(&hl_milestones.publish_at, __ATOMIC_RELAXED);
    int64_t step = peak / HL_PUBLISH_SHARE;
    int due = 0;

    if (peak >= __atomic_load_n(&hl_milestones.stamp_at, __ATOMIC_RELAXED)) {
        __atomic_store_n(&hl_milestones.peak_ns, hl_clock_coarse_ns(),
                         __ATOMIC_RELAXED);
        __atomic_store_n(&hl_milestones.stamped, peak, __ATOMIC_RELAXED);
        __atomic_store_n(&hl_milestones.stamp_at, peak + HL_PEAK_TIME_STEP,
                         __ATOMIC_RELAXED);
    }
    /* Of threads that reach it at once, the one that moves it writes. */
    if (peak >= publish_at)
        due = __atomic_compare_exchange_n(
            &hl_milestones.publish_at, &publish_at,
            peak +
                (step > HL_RECORD_PUBLISH_MIN ? step : HL_RECORD_PUBLISH_MIN),
            0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    _set_next();
    return due;
}

int64_t hl_milestones_peak_time_ns(int64_t peak)
{
    int64_t ns = __atomic_load_n(&hl_milestones.peak_ns, __ATOMIC_RELAXED);

    if (peak - __atomic_load_n(&hl_milestones.stamped, __ATOMIC_RELAXED) >=
        HL_PEAK_TIME_STEP)
        ns = hl_clock_coarse_ns();
    return hl_clock_since_start_ns(ns);
}

void hl_milestones_restart(int64_t peak)
{
    hl_milestones.stamped = peak;
    hl_milestones.peak_ns = hl_clock_coarse_ns();
    hl_milestones.stamp_at = peak + HL_PEAK_TIME_STEP;
    hl_milestones.publish_at = 0;
    _set_next();
}

/* Proves the library's bounded timeline (preload/timeline/timeline.c), driven
 * with times of the test's own: a 2-hour run observed every millisecond and a
 * 10 ms one keep at most HL_TIMELINE_POINTS points, their times growing
 * and one per bucket; no merge loses the largest heap nor the least, and
 * the point of the peak holds the exact peak once settled; a reading goes
 * to the point open before the observation that took it, a point with none
 * gets the next one's, and none exceeds VmHWM; a point's least VmRSS is
 * the least read in it, or the last reading less the heap given back
 * since, so that a process that hands its memory over holds at least
 * little right after; its bound above is the VmHWM read at its end, and a
 * point closed with no reading takes the next one's; none is past the end;
 * the index a note returns is the first point that changed; a point keeps
 * the heap at its last observation and when, so that a release within it
 * followed by a long idle is known to have happened within it (issue 35,
 * item 1), and a merge keeps the later point's. */
#include <string.h>

#include "../tap.h"
#include "timeline/timeline.h"

static struct hl_timeline _tl, _before;

#define _U HL_TIMELINE_UNKNOWN

static uint64_t _rand_state = 88172645463325252ULL;

/* A reading of VmRSS and VmHWM, no Pss. */
static const struct hl_timeline_reading *_r(uint64_t rss, uint64_t hwm)
{
    static struct hl_timeline_reading r;

    r = (struct hl_timeline_reading){rss, hwm, _U, _U, _U};
    return &r;
}

static uint64_t _rand(void)
{
    _rand_state ^= _rand_state << 13;
    _rand_state ^= _rand_state >> 7;
    _rand_state ^= _rand_state << 17;
    return _rand_state;
}

/* Whether the points hold at most the bound, their times grow, and each
 * has a bucket of the current width of its own. */
static int _well_formed(const struct hl_timeline *tl)
{
    if (tl->n > HL_TIMELINE_POINTS)
        return 0;
    for (size_t i = 1; i < tl->n; i++)
        if (tl->p[i].t_ms <= tl->p[i - 1].t_ms ||
            tl->p[i].t_ms / tl->width_ms == tl->p[i - 1].t_ms / tl->width_ms)
            return 0;
    return 1;
}

static uint64_t _largest_heap(const struct hl_timeline *tl)
{
    uint64_t m = 0;

    for (size_t i = 0; i < tl->n; i++)
        if (tl->p[i].heap > m)
            m = tl->p[i].heap;
    return m;
}

static uint64_t _least_heap(const struct hl_timeline *tl)
{
    uint64_t m = UINT64_MAX;

    for (size_t i = 0; i < tl->n; i++)
        if (tl->p[i].heap_lo < m)
            m = tl->p[i].heap_lo;
    return m;
}

/* A run of ms milliseconds, observed every step_ms, the heap a random
 * walk whose peak comes at peak_at_ms; a reading every 10th observation.
 * Checks the bounds all along, and the peak once settled. */
static void _run(const char *what, int64_t ms, int64_t step_ms,
                 int64_t peak_at_ms)
{
    const uint64_t peak = (uint64_t)1 << 40;
    uint64_t heap = 1 << 20, largest = 0, least = UINT64_MAX;
    int formed = 1, changed_ok = 1, kept = 1, kept_least = 1;
    size_t most = 0;

    hl_timeline_reset(&_tl);
    for (int64_t t = 0, k = 0; t <= ms; t += step_ms, k++) {
        uint64_t h = t == peak_at_ms ? peak : heap;
        size_t changed;

        _before = _tl;
        changed =
            hl_timeline_note(&_tl, t, h, k % 10 ? NULL : _r(h / 2 + 4096, h));
        if (changed < _before.n && _before.n <= _tl.n &&
            memcmp(_before.p, _tl.p, changed * sizeof(_tl.p[0])))
            changed_ok = 0;
        if (changed >= _tl.n &&
            (_before.n != _tl.n || memcmp(_before.p, _tl.p, sizeof(_tl.p))))
            changed_ok = 0;
        formed &= _well_formed(&_tl);
        if (h > largest)
            largest = h;
        kept &= _largest_heap(&_tl) == largest;
        if (h < least)
            least = h;
        kept_least &= _least_heap(&_tl) == least;
        if (_tl.n > most)
            most = _tl.n;
        heap = (heap + (_rand() % (1 << 20))) - (1 << 19);
        if (heap > ((uint64_t)1 << 36))
            heap = (uint64_t)1 << 36;
    }
    ok(formed,
       "%s: at most %d points all along, times growing, a bucket "
       "each",
       what, HL_TIMELINE_POINTS);
    ok(changed_ok, "%s: every note changed no point before the one it named",
       what);
    ok(kept, "%s: the largest heap observed is always a point's", what);
    ok(kept_least, "%s: the least heap observed is always a point's least",
       what);
    printf("# %s: %zu points at most, buckets of %lld ms at the end\n", what,
           most, (long long)_tl.width_ms);
    hl_timeline_settle(&_tl, peak, peak_at_ms, -1, ms);
    for (size_t i = 0; i < _tl.n; i++)
        if (_tl.p[i].t_ms <= peak_at_ms &&
            (i + 1 == _tl.n || _tl.p[i + 1].t_ms > peak_at_ms))
            is_uint(_tl.p[i].heap, peak,
                    "%s: the point of the peak (at %lld ms) holds it", what,
                    (long long)_tl.p[i].t_ms);
}

static void _readings(void)
{
    hl_timeline_reset(&_tl);
    hl_timeline_note(&_tl, 0, 100, _r(1000, 1100));
    hl_timeline_note(&_tl, 25, 500, _r(3000, 3100));
    hl_timeline_note(&_tl, 27, 700, NULL);
    hl_timeline_note(&_tl, 45, 50, NULL);
    hl_timeline_note(&_tl, 61, 60, _r(400, 3200));
    is_int(_tl.n, 4, "four buckets of 10 ms observed: four points");
    is_uint(_tl.p[0].rss, 3000,
            "the reading taken at 25 ms is of the point open until then");
    is_uint(_tl.p[0].rss_lo, 1000, "the least read in it: its first reading");
    is_uint(_tl.p[0].rss_hi, 3100, "its bound: VmHWM read at its end");
    is_uint(_tl.p[1].heap, 700, "the point of 25 ms holds its largest heap");
    is_uint(_tl.p[1].heap_lo, 500, "and its least");
    is_uint(_tl.p[1].rss, _U, "and no reading yet");
    is_uint(_tl.p[1].rss_hi, _U,
            "closed without a reading: no bound of its own");
    is_uint(_tl.p[2].rss, 400,
            "the reading at 61 ms is of the point of 45 ms, open until then");
    is_uint(_tl.p[2].rss_lo, 400, "its least: the least read");
    is_uint(_tl.p[3].rss, _U, "the point it opened has none");
    hl_timeline_note(&_tl, _tl.p[3].t_ms, 0, _r(350, 3200));
    is_uint(_tl.p[3].rss, 350, "the end's reading is the last point's");
    hl_timeline_settle(&_tl, 800, 26, 2500, 61);
    is_uint(_tl.p[1].rss, 400, "settled: a point with no reading has the next");
    is_uint(_tl.p[1].rss_hi, 2500,
            "and the next one's bound, no bound above VmHWM");
    is_uint(_tl.p[0].rss, 2500, "no reading above VmHWM");
    is_uint(_tl.p[1].heap, 800, "the point of the peak holds the peak");
}

/* Two processes hand 100 MiB over to each other: each point's least is
 * what the process held at least, so that the least of the one that
 * gives plus the least of the one that takes is never both at once. */
static void _hand_over(void)
{
    const uint64_t mib = 1 << 20, base = 4 * mib;

    hl_timeline_reset(&_tl);
    hl_timeline_note(&_tl, 0, 0, _r(base, base));
    /* Allocated at 100 ms (the reading before it: base), touched. */
    hl_timeline_note(&_tl, 100, 100 * mib, _r(base, base));
    /* Freed at 200 ms (the reading before it: held). */
    hl_timeline_note(&_tl, 200, 0, _r(base + 100 * mib, base + 100 * mib));
    is_uint(_tl.p[1].rss_lo, base + 100 * mib,
            "the point of the hold: at least what it held, as read at its end");
    is_uint(_tl.p[2].rss_lo, base,
            "the point of the release: the reading less what the heap gave "
            "back, though nothing was read after it");
    /* Freed within the point it allocated in, 5 ms later. */
    hl_timeline_note(&_tl, 300, 100 * mib, _r(base, base + 100 * mib));
    hl_timeline_note(&_tl, 305, 0, NULL);
    is_uint(_tl.p[3].rss_lo, base,
            "a release within a point: its least is the floor after it");
    is_uint(_tl.p[3].heap_lo, 0, "its least heap 0");
    is_uint(_tl.p[3].heap, 100 * mib, "its most heap 100 MiB");
    /* A release not read before: the last reading less the fall. */
    hl_timeline_reset(&_tl);
    hl_timeline_note(&_tl, 0, 0, _r(base, base));
    hl_timeline_note(&_tl, 100, 100 * mib, NULL);
    hl_timeline_note(&_tl, 200, 0, NULL);
    is_uint(_tl.p[2].rss_lo, base,
            "a release with no reading since the allocation: at least the "
            "reading before it");
    hl_timeline_note(&_tl, 300, 50 * mib, NULL);
    hl_timeline_note(&_tl, 400, 40 * mib,
                     _r(base + 50 * mib, base + 100 * mib));
    is_uint(_tl.p[4].rss_lo, base + 40 * mib,
            "a release after a reading: the reading less the fall");
    hl_timeline_note(&_tl, 500, 60 * mib, NULL);
    is_uint(_tl.p[5].rss_lo, _U, "an allocation: no least yet");
    hl_timeline_note(&_tl, 505, 20 * mib, NULL);
    is_uint(_tl.p[5].rss_lo, base + 20 * mib,
            "a release below the heap of the last reading, in the point of "
            "an allocation: the reading less the whole fall");
}

static void _merge_keeps_largest(void)
{
    hl_timeline_reset(&_tl);
    for (int i = 0; i < HL_TIMELINE_POINTS; i++)
        hl_timeline_note(&_tl, i * 10, (uint64_t)(i == 3 ? 999 : i + 1),
                         _r((uint64_t)(i == 2 ? 77777 : i + 10), 90000));
    is_int(_tl.n, HL_TIMELINE_POINTS, "%d points of 10 ms: all kept",
           HL_TIMELINE_POINTS);
    hl_timeline_note(&_tl, HL_TIMELINE_POINTS * 10, 1, NULL);
    is_int(_tl.n, HL_TIMELINE_POINTS / 2 + 1,
           "one more: the width doubles, pairs merge, the new one opens");
    is_int(_tl.width_ms, 2 * HL_TIMELINE_FIRST_MS, "buckets of 20 ms");
    is_uint(_tl.p[1].heap, 999, "the merged pair holds the larger heap");
    is_uint(_tl.p[0].rss, 77777,
            "the reading at 20 ms, of the point of 10 ms, is in their merge");
    is_uint(_tl.p[0].rss_lo, 10, "and the least of the pair's readings");
    is_uint(_tl.p[1].heap_lo, 3, "the least heap of the pair merged");
    is_uint(_tl.p[1].rss_hi, 90000, "the bound of the later one");
    is_uint(_tl.p[HL_TIMELINE_POINTS / 2 - 1].rss_hi, _U,
            "the last pair, closed with no reading: no bound");
}

/* A thread that notes after the end was read (its clock read later) left
 * points past the end: they are merged into the last one before it. */
static void _end_bounds_points(void)
{
    hl_timeline_reset(&_tl);
    hl_timeline_note(&_tl, 0, 100, _r(1000, 1000));
    hl_timeline_note(&_tl, 30, 200, NULL);
    hl_timeline_note(&_tl, 41, 900, _r(5000, 5000));
    hl_timeline_note(&_tl, 52, 300, _r(6000, 6000));
    hl_timeline_settle(&_tl, 900, 30, -1, 35);
    is_int(_tl.n, 2, "points past the end of 35 ms merged: two left");
    is_int(_tl.p[1].t_ms, 30, "the last at 30 ms, within the end");
    is_uint(_tl.p[1].heap, 900, "it holds the heap of those merged into it");
    is_uint(_tl.p[1].heap_lo, 200, "and the least of their heaps");
    is_uint(_tl.p[1].rss, 6000, "and their largest reading");
}

/* A heap that grows and falls back within one bucket, then stays. */
static void _release_within_a_point(void)
{
    const uint64_t mib = 1 << 20;
    size_t changed;

    hl_timeline_reset(&_tl);
    hl_timeline_note(&_tl, 0, mib, _r(2 * mib, 2 * mib));
    hl_timeline_note(&_tl, 500, 65 * mib, NULL);
    is_uint(_tl.p[1].heap_last, 65 * mib,
            "a point opened: its last heap its "
            "heap");
    hl_timeline_note(&_tl, 501, 75 * mib, NULL);
    changed = hl_timeline_note(&_tl, 503, 3 * mib, NULL);
    is_int(changed, 1, "a release within the point changes it");
    is_uint(_tl.p[1].heap, 75 * mib, "its most: 75 MiB");
    is_uint(_tl.p[1].heap_last, 3 * mib, "its last heap: 3 MiB");
    is_int(_tl.p[1].t_last, 503, "at 503 ms");
    hl_timeline_note(&_tl, 1500, 3 * mib, NULL);
    is_int(_tl.n, 3, "a note a second later opens a point");
    is_uint(_tl.p[1].heap_last, 3 * mib,
            "the point of the release still ends at 3 MiB");
    hl_timeline_settle(&_tl, 75 * mib, 501, -1, 1500);
    is_int(_tl.p[1].t_last, 503, "settled: the last note's time kept");
    hl_timeline_reset(&_tl);
    for (int i = 0; i < HL_TIMELINE_POINTS; i++) {
        hl_timeline_note(&_tl, i * 10, i == 1 ? 50 * mib : mib, NULL);
        if (i == 1)
            hl_timeline_note(&_tl, 15, 2 * mib, NULL);
        if (i == 2)
            hl_timeline_note(&_tl, 25, 60 * mib, NULL);
    }
    hl_timeline_note(&_tl, HL_TIMELINE_POINTS * 10, mib, NULL);
    is_uint(_tl.p[0].heap, 50 * mib, "merged: the most of the pair");
    is_uint(_tl.p[0].heap_last, 2 * mib, "and the later one's last heap");
    is_int(_tl.p[0].t_last, 15, "and when");
    is_uint(_tl.p[1].heap, 60 * mib,
            "a pair whose first point rose to 60 MiB, the later one 1 MiB");
    is_uint(_tl.p[1].heap_last, mib,
            "ends at the later one's most, from its start on");
    is_int(_tl.p[1].t_last, 29, "the millisecond before the later one's start");
    hl_timeline_reset(&_tl);
    hl_timeline_note(&_tl, 0, mib, NULL);
    hl_timeline_note(&_tl, 30, 9 * mib, NULL);
    hl_timeline_note(&_tl, 38, mib, NULL);
    hl_timeline_settle(&_tl, 9 * mib, 30, -1, 35);
    is_int(_tl.p[1].t_last, 35, "a last note past the end: at the end");
}

int main(void)
{
    _release_within_a_point();
    _readings();
    _end_bounds_points();
    _hand_over();
    _merge_keeps_largest();
    _run("a 10 ms run", 10, 1, 7);
    _run("a 2-hour run", 2 * 3600 * 1000, 1, 3600 * 1000 + 17);
    _run("a 2-hour run observed every 37 ms", 2 * 3600 * 1000, 37, 37 * 190000);
    return done_testing();
}

/* Proves which reading of Pss stands for a point of a timeline that has
 * none (common/pss_reading.c): a reading stands for itself; of the last
 * reading before a point and the first after it, the one whose RSS less
 * heap is the nearer to the point's (a window mapped after a process's
 * first reading takes the sharing of the reading after it, not the whole
 * window as its own; a heap grown since a reading does not move a point
 * away from it), the last before on a tie, the only one where there is
 * one; none where the timeline has none; a reading passed over by a walk
 * asked out of turn still found. And what the node's sum then adds up
 * (time_grid.c): four processes that each read Pss once before mapping a
 * shared window of 256 MiB and once while all map it count the window
 * once, not four times, over the time between. */
#include <stdbool.h>
#include <stdint.h>

#include "../tap.h"
#include "pss_reading.h"
#include "time_grid.h"

#define _N(a) (sizeof(a) / sizeof((a)[0]))
#define _U HL_TIMELINE_UNKNOWN
#define _MIB (1024ull * 1024)

static struct hl_timeline_point _pt(int64_t t_ms, uint64_t rss, uint64_t pss)
{
    return (struct hl_timeline_point){.t_ms = t_ms,
                                      .heap = 0,
                                      .rss = rss,
                                      .heap_lo = 0,
                                      .rss_lo = rss,
                                      .rss_hi = rss,
                                      .pss = pss,
                                      .pss_shmem = _U,
                                      .rss_shmem = _U,
                                      .t_last = 0,
                                      .heap_last = _U};
}

/* The index of the reading that stands for each point, -1 for none. */
static void _walk(const struct hl_timeline_point *p, size_t n, int *out)
{
    struct hl_pss_walk w = {0};

    for (size_t i = 0; i < n; i++) {
        const struct hl_timeline_point *r = hl_pss_reading(p, n, i, &w);

        out[i] = r ? (int)(r - p) : -1;
    }
}

/* A process's first reading (11 MiB, Pss 4), then the window of 256 MiB
 * mapped and touched (269 MiB, no reading), then a reading while all four
 * map it (301 MiB, Pss 101), then more of its own (310 MiB, no reading),
 * then the window unmapped (40 MiB, no reading). */
static void _window(void)
{
    struct hl_timeline_point p[] = {
        _pt(0, 11 * _MIB, 4 * _MIB), _pt(80, 269 * _MIB, _U),
        _pt(800, 301 * _MIB, 101 * _MIB), _pt(900, 310 * _MIB, _U),
        _pt(1000, 40 * _MIB, _U)};
    int got[_N(p)];

    _walk(p, _N(p), got);
    is_int(got[0], 0, "a reading stands for itself");
    is_int(got[1], 2,
           "the window mapped since the first reading: the reading after it, "
           "whose RSS is nearer");
    is_int(got[3], 2, "past the last reading: that reading");
    is_int(got[4], 2,
           "the window unmapped past the last reading: that "
           "reading still, none after it");
}

static void _nearer_before_and_tie(void)
{
    struct hl_timeline_point p[] = {
        _pt(0, 100 * _MIB, 60 * _MIB), _pt(10, 110 * _MIB, _U),
        _pt(20, 150 * _MIB, _U), _pt(30, 200 * _MIB, 90 * _MIB)};
    int got[_N(p)];

    _walk(p, _N(p), got);
    is_int(got[1], 0, "RSS nearer the reading before: the reading before");
    is_int(got[2], 0, "RSS as near both: the reading before");
}

/* The heap is the process's own: a point whose heap grew by 260 MiB since
 * a reading (11 MiB, Pss 4), before a window of 256 MiB shared by four was
 * mapped and read (527 MiB, Pss 331), is nearer the reading before it in
 * what it holds beside its heap (11 MiB, as the reading before). */
static void _heap_grown(void)
{
    struct hl_timeline_point p[] = {_pt(0, 11 * _MIB, 4 * _MIB),
                                    _pt(10, 271 * _MIB, _U),
                                    _pt(20, 527 * _MIB, 331 * _MIB)};
    int got[_N(p)];

    p[1].heap = p[2].heap = 260 * _MIB;
    _walk(p, _N(p), got);
    is_int(got[1], 0, "a heap grown since the reading before: that reading");
}

/* Points of a walk asked for out of turn: a reading passed over still
 * stands for the points after it. */
static void _skipped(void)
{
    struct hl_timeline_point p[] = {
        _pt(0, 10 * _MIB, 5 * _MIB), _pt(1, 10 * _MIB, _U),
        _pt(2, 50 * _MIB, 20 * _MIB), _pt(3, 50 * _MIB, _U)};
    struct hl_pss_walk w = {0};
    const struct hl_timeline_point *at1 = hl_pss_reading(p, _N(p), 1, &w);
    const struct hl_timeline_point *at3 = hl_pss_reading(p, _N(p), 3, &w);

    ok(at1 == &p[0] && at3 == &p[2],
       "points 1 and 3 asked, 2 passed over: readings 0 and 2 (%d, %d)",
       at1 ? (int)(at1 - p) : -1, at3 ? (int)(at3 - p) : -1);
}

static void _none_before_none_at_all(void)
{
    struct hl_timeline_point first[] = {_pt(0, 9 * _MIB, _U),
                                        _pt(5, 300 * _MIB, _U),
                                        _pt(9, 301 * _MIB, 101 * _MIB)};
    struct hl_timeline_point none[] = {_pt(0, 9 * _MIB, _U),
                                       _pt(5, 300 * _MIB, _U)};
    int got[3];

    _walk(first, _N(first), got);
    ok(got[0] == 2 && got[1] == 2,
       "no reading before a point: the first after it (%d, %d)", got[0],
       got[1]);
    _walk(none, _N(none), got);
    ok(got[0] == -1 && got[1] == -1, "no reading at all: none");
}

static uint64_t _sum[64];
static bool _coarsened;

/* The span is set at the first process and never outgrown. */
static void _coarsen(void *user)
{
    (void)user;
    _coarsened = true;
}

static void _put(void *user, int64_t c, const struct hl_grid_held *held)
{
    (void)user;
    _sum[hl_grid_index(c, _N(_sum))] += held->pss;
}

/* Four ranks as in _window, from the same start: while all map the
 * window (269 MiB each, before their second reading), the node's sum is
 * what each holds of its own, 13 MiB, and its share of the window. */
static void _node_sum(void)
{
    struct hl_time_grid g;
    struct hl_grid_ops ops = {_N(_sum), _coarsen, _put};
    struct hl_timeline_point p[] = {
        _pt(0, 11 * _MIB, 4 * _MIB), _pt(80, 269 * _MIB, _U),
        _pt(800, 301 * _MIB, 101 * _MIB), _pt(900, 301 * _MIB, _U)};
    uint64_t most = 0, between;

    hl_grid_init(&g);
    for (int rank = 0; rank < 4; rank++)
        hl_grid_add(&g, &ops, NULL, 0, p, _N(p), 1000);
    for (int64_t c = g.lo; c <= g.hi; c++)
        if (_sum[hl_grid_index(c, _N(_sum))] > most)
            most = _sum[hl_grid_index(c, _N(_sum))];
    between = _sum[hl_grid_index(400 >> g.shift, _N(_sum))];
    ok(!_coarsened, "the four ranks' span fits the cells");
    ok(most == 4 * 101 * _MIB,
       "four ranks sharing a window: the node's sum counts it once, "
       "%llu MiB (%llu MiB)",
       4 * 101ull, (unsigned long long)(most / _MIB));
    ok(between == 4 * 69 * _MIB,
       "between their readings, each its RSS less the window's other "
       "three quarters: %llu MiB (%llu MiB)",
       4 * 69ull, (unsigned long long)(between / _MIB));
}

int main(void)
{
    _window();
    _nearer_before_and_tie();
    _heap_grown();
    _skipped();
    _none_before_none_at_all();
    _node_sum();
    return done_testing();
}

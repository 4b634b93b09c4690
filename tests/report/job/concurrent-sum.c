/* The processes of a node added up moment by moment (common/concurrent.c),
 * on synthetic timelines: one process gives its own series; four equal
 * processes four times it, at the same moment; four processes that peak
 * one after the other give one peak plus the others' base, far below the
 * sum of their peaks, whatever order they are added in; two processes
 * that hand 100 MiB over to each other twenty times have a lower bound of
 * what one holds plus the other's base, never both, whatever the cells'
 * width, and an upper bound of both; two processes killed one after the
 * other do not overlap; a 2-hour process widens the cells, its peak of a
 * second within the upper bound, not the lower (which keeps the least of
 * a process folded in before the cells widened, held at that moment); an
 * unknown RSS adds
 * nothing; PSS is the least RSS less the shared part of the nearest
 * reading; the processes with a reading of Pss and of version 1 are
 * counted.
 *
 * With an argument N it reads N synthetic records' timelines of 4 points
 * each on 10 nodes, as heapline-report does (parsed, staged, folded into
 * their node, the top 10 ranks' kept), and prints the nodes' sums:
 * concurrent-linear.test counts its instructions for 10,000 and 100,000.
 * The nodes stay 10 so that a step quadratic in the processes of a node
 * shows, not only one quadratic in all of them. */
#include <stdlib.h>

#include "../../tap.h"
#include "concurrent.h"
#include "job/model/procs.h"

#define MIB ((uint64_t)1 << 20)
#define _U HL_TIMELINE_UNKNOWN
/* Where the synthetic runs start on the wall clock, in ms. */
#define T0 1796086461000LL

static struct hl_conc _g;

/* A point whose figures did not change within it: its least, its most
 * and its bound are the same. */
#define _P(t, heap, rss)                                                       \
    {                                                                          \
        (t), (heap), (rss), (heap), (rss), (rss), _U, _U, _U, 0, _U            \
    }

/* One process of 1 s: 300 MiB of heap, 200 MiB of RSS, from 100 ms to
 * 600 ms. */
static const struct hl_timeline_point _pulse[] = {
    _P(0, 10 * MIB, 5 * MIB),
    _P(100, 300 * MIB, 200 * MIB),
    _P(600, 20 * MIB, 20 * MIB),
};

static uint64_t _peak(enum hl_conc_series s)
{
    return hl_conc_peak(&_g, s).bytes;
}

static void _one(void)
{
    struct hl_conc_peak heap;

    hl_conc_init(&_g);
    hl_conc_add(&_g, T0, _pulse, 3, T0 + 1000, 2);
    heap = hl_conc_peak(&_g, HL_CONC_HEAP_LO);
    is_uint(heap.bytes, 300 * MIB, "one process: its own peak heap");
    is_uint(_peak(HL_CONC_RSS_LO), 200 * MIB, "one process: its own peak RSS");
    is_uint(_peak(HL_CONC_RSS_HI), 200 * MIB, "and its own bound above");
    ok(heap.at_ms <= T0 + 100 &&
           heap.at_ms > T0 + 100 - hl_grid_cell_ms(&_g.grid),
       "one process: at its moment, to within a cell (%lld ms after start, "
       "cells of %lld ms)",
       (long long)(heap.at_ms - T0), (long long)hl_grid_cell_ms(&_g.grid));
    ok(hl_grid_cell_ms(&_g.grid) <= 2,
       "one process of 1 s: cells of 2 ms (%lld)",
       (long long)hl_grid_cell_ms(&_g.grid));
    is_int(_g.procs, 1, "one process counted");
    is_int(_g.with_pss, 0, "without a reading of Pss");
}

static void _equal(void)
{
    hl_conc_init(&_g);
    for (int i = 0; i < 4; i++)
        hl_conc_add(&_g, T0, _pulse, 3, T0 + 1000, 2);
    is_uint(_peak(HL_CONC_HEAP_LO), 4 * 300 * MIB,
            "four equal processes: 4 x 300 MiB");
    is_uint(_peak(HL_CONC_RSS_LO), 4 * 200 * MIB,
            "four equal processes: 4 x 200 MiB RSS");
}

/* Process r: 10 MiB from 0 to 2 s, 300 MiB from 500 r ms for 400 ms. */
static void _add_staggered(int r)
{
    struct hl_timeline_point p[] = {
        _P(0, 10 * MIB, 12 * MIB),
        _P(500 * r + 1, 300 * MIB, 305 * MIB),
        _P(500 * r + 400, 10 * MIB, 12 * MIB),
    };

    hl_conc_add(&_g, T0, p, 3, T0 + 2000, 2);
}

static void _staggered(void)
{
    static const int orders[][4] = {{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}};
    struct hl_conc_peak heap;

    for (size_t o = 0; o < sizeof(orders) / sizeof(orders[0]); o++) {
        hl_conc_init(&_g);
        for (int i = 0; i < 4; i++)
            _add_staggered(orders[o][i]);
        heap = hl_conc_peak(&_g, HL_CONC_HEAP_LO);
        is_uint(heap.bytes, 330 * MIB,
                "staggered, order %zu: one peak and three bases, 330 MiB "
                "(the peaks sum to 1200 MiB)",
                o);
        is_uint(_peak(HL_CONC_RSS_LO), 341 * MIB,
                "staggered, order %zu: RSS 305 + 3 x 12", o);
        is_uint(_peak(HL_CONC_RSS), 341 * MIB,
                "staggered, order %zu: the estimate, the same", o);
        ok(heap.at_ms >= T0 && heap.at_ms <= T0 + 1 + hl_grid_cell_ms(&_g.grid),
           "staggered, order %zu: the first peak, in the first cell wholly "
           "after its start (%lld ms)",
           o, (long long)(heap.at_ms - T0));
    }
}

/* Two processes pass 100 MiB back and forth twenty times, holds of 40 ms
 * with 2 ms between the release of one and the allocation of the other,
 * as the library records them: a point opened at each allocation, its
 * least the reading at its end (what it held), and one opened at each
 * release, its least the reading less what was given back (the base);
 * every bound above is VmHWM, which stays at the hold once reached. The
 * most they held at once is a hold and a base, 108 MiB. A long third
 * process first, when wide, widens the cells. */
static void _hand_over(int64_t widen_ms)
{
    const uint64_t base = 4 * MIB, held = base + 100 * MIB;
    static const struct hl_timeline_point idle[] = {_P(0, 0, 0)};
    struct hl_timeline_point a[24], b[24];
    size_t na = 0, nb = 0;

    a[na++] = (struct hl_timeline_point)_P(0, 0, base);
    b[nb++] = (struct hl_timeline_point)_P(0, 0, base);
    for (int k = 0; k < 20; k++) {
        struct hl_timeline_point *p = k % 2 ? b : a;
        size_t *n = k % 2 ? &nb : &na;
        int64_t from = 1 + 42 * k;

        p[(*n)++] = (struct hl_timeline_point){
            from, 100 * MIB, held, 100 * MIB, held, held, _U, _U, _U, 0, _U};
        p[(*n)++] = (struct hl_timeline_point){
            from + 40, 0, base, 0, base, held, _U, _U, _U, 0, _U};
    }
    hl_conc_init(&_g);
    if (widen_ms)
        hl_conc_add(&_g, T0, idle, 1, T0 + widen_ms, 2);
    hl_conc_add(&_g, T0, a, na, T0 + 2000, 2);
    hl_conc_add(&_g, T0, b, nb, T0 + 2000, 2);
    ok(_peak(HL_CONC_RSS_LO) <= base + held,
       "hand-offs, cells of %lld ms: the lower bound %llu MiB, never above "
       "the 108 MiB held at once",
       (long long)hl_grid_cell_ms(&_g.grid),
       (unsigned long long)(_peak(HL_CONC_RSS_LO) / MIB));
    if (!widen_ms)
        is_uint(_peak(HL_CONC_RSS_LO), base + held,
                "hand-offs, narrow cells: the lower bound is what was held "
                "at once, 108 MiB");
    is_uint(_peak(HL_CONC_RSS_HI), 2 * held,
            "hand-offs: the upper bound adds both VmHWM, 208 MiB");
    ok(_peak(HL_CONC_RSS_LO) <= _peak(HL_CONC_RSS) &&
           _peak(HL_CONC_RSS) <= _peak(HL_CONC_RSS_HI),
       "hand-offs: the estimate %llu MiB between the bounds",
       (unsigned long long)(_peak(HL_CONC_RSS) / MIB));
    if (widen_ms)
        is_uint(_peak(HL_CONC_RSS), 2 * held,
                "hand-offs, wide cells: the estimate counts a hold twice, "
                "as the report says it may");
}

/* Two processes of 200 MiB, the second started as the first was killed:
 * each process's least is 0 in the cell of its start or death. */
static void _killed_in_sequence(int64_t widen_ms)
{
    static const struct hl_timeline_point p[] = {_P(0, 200 * MIB, 200 * MIB)};
    static const struct hl_timeline_point idle[] = {_P(0, 0, 0)};

    hl_conc_init(&_g);
    if (widen_ms)
        hl_conc_add(&_g, T0, idle, 1, T0 + widen_ms, 2);
    hl_conc_add(&_g, T0 + 3, p, 1, T0 + 1003, 2);
    hl_conc_add(&_g, T0 + 1003, p, 1, T0 + 2003, 2);
    ok(_peak(HL_CONC_RSS_LO) <= 200 * MIB,
       "killed in sequence, cells of %lld ms: lower bound %llu MiB, not both",
       (long long)hl_grid_cell_ms(&_g.grid),
       (unsigned long long)(_peak(HL_CONC_RSS_LO) / MIB));
}

/* Two hours at 50 MiB with one second at 200 MiB after an hour, and a
 * 10 ms process of 8 MiB within that second: the cells widen to keep two
 * hours in 512; the peak of a second and the brief process are within the
 * upper bound, not within the lower, which is the least of each cell. */
static void _long(int short_first)
{
    static const struct hl_timeline_point hours[] = {
        _P(0, 50 * MIB, 60 * MIB),
        _P(3600000, 200 * MIB, 210 * MIB),
        _P(3601000, 50 * MIB, 60 * MIB),
    };
    static const struct hl_timeline_point brief[] = {_P(0, 8 * MIB, 9 * MIB)};

    hl_conc_init(&_g);
    if (short_first)
        hl_conc_add(&_g, T0 + 3600200, brief, 1, T0 + 3600210, 2);
    hl_conc_add(&_g, T0, hours, 3, T0 + 7200000, 2);
    if (!short_first)
        hl_conc_add(&_g, T0 + 3600200, brief, 1, T0 + 3600210, 2);
    ok(hl_grid_cell_ms(&_g.grid) >= 7200000 / HL_CONC_CELLS &&
           hl_grid_cell_ms(&_g.grid) <= 2 * 7200000 / HL_CONC_CELLS,
       "2 hours (%s first): cells of %lld ms, 512 of them at most",
       short_first ? "10 ms" : "2 hours", (long long)hl_grid_cell_ms(&_g.grid));
    ok(_g.grid.hi - _g.grid.lo < HL_CONC_CELLS, "2 hours: %lld cells in use",
       (long long)(_g.grid.hi - _g.grid.lo + 1));
    is_uint(_peak(HL_CONC_RSS_HI), 219 * MIB,
            "2 hours (%s first): the upper bound holds the 1 s peak and the "
            "10 ms process within its cell, 210 + 9",
            short_first ? "10 ms" : "2 hours");
    /* Added before the cells widened, the brief process's least is of a
     * narrow cell, and the wide cell keeps it: at that moment the node
     * held both. */
    ok(_peak(HL_CONC_RSS_LO) == 60 * MIB ||
           (short_first && _peak(HL_CONC_RSS_LO) == 69 * MIB),
       "2 hours (%s first): the lower bound, the least of the wide cell "
       "(60), and the brief process's if added first (69): %llu MiB",
       short_first ? "10 ms" : "2 hours",
       (unsigned long long)(_peak(HL_CONC_RSS_LO) / MIB));
    ok(_peak(HL_CONC_HEAP_LO) == 50 * MIB ||
           (short_first && _peak(HL_CONC_HEAP_LO) == 58 * MIB),
       "2 hours: the least heap, 50 (58 with the brief process first)");
}

static void _no_rss(void)
{
    static const struct hl_timeline_point known[] = {_P(0, MIB, 3 * MIB)};
    static const struct hl_timeline_point unknown[] = {_P(0, MIB, _U)};

    hl_conc_init(&_g);
    hl_conc_add(&_g, T0, known, 1, T0 + 100, 2);
    hl_conc_add(&_g, T0, unknown, 1, T0 + 100, 2);
    is_uint(_peak(HL_CONC_HEAP_LO), 2 * MIB,
            "an unknown RSS: the heaps add up");
    is_uint(_peak(HL_CONC_RSS_LO), 3 * MIB,
            "an unknown RSS adds nothing to the RSS");
}

/* Two processes share 256 MiB, each holding 32 MiB of its own: each
 * reads RSS 288, Pss 160; their PSS adds up to what they hold together.
 * The reading is in the middle point: the first takes it too. A process
 * without a reading adds its RSS; one of version 1 is counted. */
static void _pss(void)
{
    static const struct hl_timeline_point shared[] = {
        _P(0, 32 * MIB, 288 * MIB),
        {100, 32 * MIB, 288 * MIB, 32 * MIB, 288 * MIB, 288 * MIB, 160 * MIB,
         128 * MIB, 256 * MIB, 0, _U},
        _P(200, 32 * MIB, 286 * MIB),
    };
    static const struct hl_timeline_point alone[] = {_P(0, 0, 10 * MIB)};

    hl_conc_init(&_g);
    hl_conc_add(&_g, T0, shared, 3, T0 + 300, 2);
    hl_conc_add(&_g, T0, shared, 3, T0 + 300, 2);
    is_uint(_peak(HL_CONC_RSS_LO), 576 * MIB,
            "two sharers: their RSS counts the shared memory twice");
    is_uint(_peak(HL_CONC_PSS_LO), 320 * MIB,
            "their PSS, once: 256 + 2 x 32 MiB");
    is_uint(_peak(HL_CONC_RSS), 576 * MIB, "the estimate of RSS, twice");
    is_uint(_peak(HL_CONC_PSS), 320 * MIB, "the estimate of PSS, once");
    is_int(_g.with_pss, 2, "both with a reading of Pss");
    hl_conc_add(&_g, T0, alone, 1, T0 + 300, 1);
    is_uint(_peak(HL_CONC_PSS_LO), 330 * MIB,
            "a process without a reading adds its RSS to the PSS");
    is_uint(_peak(HL_CONC_PSS), 330 * MIB, "and to the estimate of PSS");
    is_int(_g.older, 1, "a timeline of version 1 counted");
    is_int(_g.procs, 3, "three processes");
}

/* N records of 4 points on 10 nodes, each of 100 ms, starting 10 ms
 * apart over 10 s on its node (the same span, thus the same cells,
 * whatever N), read one by one. */
static int _many(long n)
{
    struct hl_timelines tl = {.keep = 10};
    struct hl_strpool hosts = {0};
    struct hl_proc *procs = calloc((size_t)n, sizeof(*procs));
    struct hl_timeline_point p[4];
    char text[4 * HL_TIMELINE_SLOT], name[32];
    uint64_t total = 0;
    struct hl_buf b;

    for (long i = 0; procs && i < n; i++) {
        struct hl_proc *q = &procs[i];

        snprintf(name, sizeof(name), "n%ld", i % 10);
        *q = (struct hl_proc){.rank = (int32_t)i,
                              .pid = (uint32_t)i,
                              .host =
                                  hl_strpool_intern(&hosts, name, strlen(name)),
                              .start_ns = (T0 + i / 10 % 1000 * 10) * 1000000,
                              .elapsed_ms = 100,
                              .peak_heap = (uint64_t)(i % 1000) * MIB,
                              .series = HL_NO_SERIES};
        for (int j = 0; j < 4; j++)
            p[j] = (struct hl_timeline_point)_P(
                j * 25, (uint64_t)((i + j) % 7) * MIB, (uint64_t)j * MIB);
        hl_buf_init(&b, text, sizeof(text));
        hl_timeline_put(&b, p, 4, HL_TIMELINE_VERSION);
        if (hl_timelines_stage(&tl, (uint32_t)i, text, q->start_ns,
                               q->elapsed_ms) < 0 ||
            hl_timelines_commit(&tl, procs, &hosts) < 0)
            return 1;
    }
    hl_timelines_end_reading(&tl);
    for (uint32_t h = 0; h < hosts.count; h++) {
        const struct hl_conc *g = hl_timelines_grid(&tl, h);

        for (int s = 0; s < HL_CONC_NSERIES; s++)
            total += hl_conc_peak(g, (enum hl_conc_series)s).bytes;
    }
    printf("%llu\n", (unsigned long long)total);
    hl_timelines_free(&tl);
    hl_strpool_free(&hosts);
    free(procs);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        return _many(strtol(argv[1], NULL, 10));
    _one();
    _equal();
    _staggered();
    _hand_over(0);
    _hand_over(2 * 3600 * 1000);
    _killed_in_sequence(0);
    _killed_in_sequence(2 * 3600 * 1000);
    _long(0);
    _long(1);
    _no_rss();
    _pss();
    return done_testing();
}

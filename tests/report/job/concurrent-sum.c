/* The processes of a node added up moment by moment (common/concurrent.c),
 * on synthetic timelines: one process gives its own series; four equal
 * processes four times it, at the same moment; four processes that peak
 * one after the other give one peak plus the others' base, far below the
 * sum of their peaks, whatever order they are added in; a 2-hour process
 * widens the cells, and a peak that lasts keeps its value; an unknown RSS
 * adds nothing.
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
/* Where the synthetic runs start on the wall clock, in ms. */
#define T0 1796086461000LL

static struct hl_conc _g;

/* One process of 1 s: 300 MiB of heap, 200 MiB of RSS, from 100 ms to
 * 600 ms. */
static const struct hl_timeline_point _pulse[] = {
    {0, 10 * MIB, 5 * MIB},
    {100, 300 * MIB, 200 * MIB},
    {600, 20 * MIB, 20 * MIB},
};

static void _peaks(struct hl_conc_peak *heap, struct hl_conc_peak *rss)
{
    hl_conc_peaks(&_g, heap, rss);
}

static void _one(void)
{
    struct hl_conc_peak heap, rss;

    hl_conc_init(&_g);
    hl_conc_add(&_g, T0, _pulse, 3, T0 + 1000);
    _peaks(&heap, &rss);
    is_uint(heap.bytes, 300 * MIB, "one process: its own peak heap");
    is_uint(rss.bytes, 200 * MIB, "one process: its own peak RSS");
    ok(heap.at_ms <= T0 + 100 &&
           heap.at_ms > T0 + 100 - hl_grid_cell_ms(&_g.grid),
       "one process: at its moment, to within a cell (%lld ms after start, "
       "cells of %lld ms)",
       (long long)(heap.at_ms - T0), (long long)hl_grid_cell_ms(&_g.grid));
    ok(hl_grid_cell_ms(&_g.grid) <= 2,
       "one process of 1 s: cells of 2 ms (%lld)",
       (long long)hl_grid_cell_ms(&_g.grid));
}

static void _equal(void)
{
    struct hl_conc_peak heap, rss;

    hl_conc_init(&_g);
    for (int i = 0; i < 4; i++)
        hl_conc_add(&_g, T0, _pulse, 3, T0 + 1000);
    _peaks(&heap, &rss);
    is_uint(heap.bytes, 4 * 300 * MIB, "four equal processes: 4 x 300 MiB");
    is_uint(rss.bytes, 4 * 200 * MIB, "four equal processes: 4 x 200 MiB RSS");
}

/* Process r: 10 MiB from 0 to 2 s, 300 MiB from 500 r ms for 400 ms. */
static void _add_staggered(int r)
{
    struct hl_timeline_point p[] = {
        {0, 10 * MIB, 12 * MIB},
        {500 * r + 1, 300 * MIB, 305 * MIB},
        {500 * r + 400, 10 * MIB, 12 * MIB},
    };

    hl_conc_add(&_g, T0, p, 3, T0 + 2000);
}

static void _staggered(void)
{
    static const int orders[][4] = {{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}};
    struct hl_conc_peak heap, rss;

    for (size_t o = 0; o < sizeof(orders) / sizeof(orders[0]); o++) {
        hl_conc_init(&_g);
        for (int i = 0; i < 4; i++)
            _add_staggered(orders[o][i]);
        _peaks(&heap, &rss);
        is_uint(heap.bytes, 330 * MIB,
                "staggered, order %zu: one peak and three bases, 330 MiB "
                "(the peaks sum to 1200 MiB)",
                o);
        is_uint(rss.bytes, 341 * MIB, "staggered, order %zu: RSS 305 + 3 x 12",
                o);
        ok(heap.at_ms >= T0 && heap.at_ms <= T0 + 1,
           "staggered, order %zu: the first peak, at the start (%lld ms)", o,
           (long long)(heap.at_ms - T0));
    }
}

/* Two hours at 50 MiB with one second at 200 MiB after an hour, and a
 * 10 ms process of 8 MiB within that second: the cells widen to keep two
 * hours in 512, and the peak that lasts a second keeps its value. */
static void _long(int short_first)
{
    static const struct hl_timeline_point hours[] = {
        {0, 50 * MIB, 60 * MIB},
        {3600000, 200 * MIB, 210 * MIB},
        {3601000, 50 * MIB, 60 * MIB},
    };
    static const struct hl_timeline_point brief[] = {{0, 8 * MIB, 9 * MIB}};
    struct hl_conc_peak heap, rss;

    hl_conc_init(&_g);
    if (short_first)
        hl_conc_add(&_g, T0 + 3600200, brief, 1, T0 + 3600210);
    hl_conc_add(&_g, T0, hours, 3, T0 + 7200000);
    if (!short_first)
        hl_conc_add(&_g, T0 + 3600200, brief, 1, T0 + 3600210);
    _peaks(&heap, &rss);
    ok(hl_grid_cell_ms(&_g.grid) >= 7200000 / HL_CONC_CELLS &&
           hl_grid_cell_ms(&_g.grid) <= 2 * 7200000 / HL_CONC_CELLS,
       "2 hours (%s first): cells of %lld ms, 512 of them at most",
       short_first ? "10 ms" : "2 hours", (long long)hl_grid_cell_ms(&_g.grid));
    ok(_g.grid.hi - _g.grid.lo < HL_CONC_CELLS, "2 hours: %lld cells in use",
       (long long)(_g.grid.hi - _g.grid.lo + 1));
    is_uint(heap.bytes, 208 * MIB,
            "2 hours (%s first): the 1 s peak and the 10 ms process within "
            "its cell",
            short_first ? "10 ms" : "2 hours");
    is_uint(rss.bytes, 219 * MIB, "2 hours: RSS 210 + 9");
}

static void _no_rss(void)
{
    static const struct hl_timeline_point known[] = {{0, MIB, 3 * MIB}};
    static const struct hl_timeline_point unknown[] = {
        {0, MIB, HL_TIMELINE_NO_RSS}};
    struct hl_conc_peak heap, rss;

    hl_conc_init(&_g);
    hl_conc_add(&_g, T0, known, 1, T0 + 100);
    hl_conc_add(&_g, T0, unknown, 1, T0 + 100);
    _peaks(&heap, &rss);
    is_uint(heap.bytes, 2 * MIB, "an unknown RSS: the heaps add up");
    is_uint(rss.bytes, 3 * MIB, "an unknown RSS adds nothing to the RSS");
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
    char text[4 * 64], name[32];
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
            p[j] = (struct hl_timeline_point){
                j * 25, (uint64_t)((i + j) % 7) * MIB, (uint64_t)j * MIB};
        hl_buf_init(&b, text, sizeof(text));
        hl_timeline_put(&b, p, 4);
        if (hl_timelines_stage(&tl, (uint32_t)i, text, q->start_ns,
                               q->elapsed_ms) < 0 ||
            hl_timelines_commit(&tl, procs, &hosts) < 0)
            return 1;
    }
    hl_timelines_end_reading(&tl);
    for (uint32_t h = 0; h < hosts.count; h++) {
        struct hl_conc_peak heap, rss;

        hl_conc_peaks(hl_timelines_grid(&tl, h), &heap, &rss);
        total += heap.bytes + rss.bytes;
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
    _long(0);
    _long(1);
    _no_rss();
    return done_testing();
}

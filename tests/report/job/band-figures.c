/* Proves that the band of the HTML report (report/job/model/band.c) gives,
 * moment by moment, the exact smallest and largest heap of the processes alive
 * and their median to within its bucket (a quarter of a power of two), that a
 * cell counts each process once however many of its points fall in it, and
 * that widening the cells, when a process runs far later, keeps the
 * smallest and largest. */
#include <stdint.h>

#include "../../tap.h"
#include "job/model/band.h"

#define MIB (1024ULL * 1024)

static struct hl_band band;

/* Process of heap `heap` from start_ms for 10 s, in 40 points. */
static void _steady(int64_t start_ms, uint64_t heap)
{
    struct hl_timeline_point p[40];

    for (int i = 0; i < 40; i++)
        p[i] = (struct hl_timeline_point){
            .t_ms = i * 250, .heap = heap, .rss = heap};
    hl_band_add(&band, start_ms, p, 40, start_ms + 10000);
}

static int _within_bucket(uint64_t got, uint64_t want)
{
    return got * 8 >= want * 7 && got * 7 <= want * 8;
}

/* Three processes from 0 for 10 s: 1 MiB and 2 MiB in one point each,
 * 100 MiB in 40 points of 1 ms at the start, all in the first cell: the
 * median of that cell is 2 MiB, not 100. */
static void _points_in_one_cell(void)
{
    struct hl_timeline_point p[40];
    struct hl_band_cell cell;

    hl_band_init(&band);
    for (int i = 0; i < 40; i++)
        p[i] = (struct hl_timeline_point){.t_ms = i, .heap = 100 * MIB};
    hl_band_add(&band, 0, p, 40, 10000);
    p[0].heap = 1 * MIB;
    hl_band_add(&band, 0, p, 1, 10000);
    p[0].heap = 2 * MIB;
    hl_band_add(&band, 0, p, 1, 10000);
    ok(hl_band_get(&band, 0, &cell), "the first cell has the three");
    ok(_within_bucket(cell.median, 2 * MIB),
       "a process of 40 points in the cell counts once: median %llu",
       (unsigned long long)cell.median);
}

int main(void)
{
    struct hl_band_cell cell;
    int64_t mid;

    hl_band_init(&band);
    for (uint64_t i = 1; i <= 101; i++)
        _steady(1000000, i * MIB);
    mid = (band.grid.lo + band.grid.hi) / 2;
    ok(hl_band_get(&band, mid, &cell), "a cell in the run has processes");
    is_uint(cell.min, 1 * MIB, "smallest heap: 1 MiB");
    is_uint(cell.max, 101 * MIB, "largest heap: 101 MiB");
    ok(_within_bucket(cell.median, 51 * MIB),
       "median %llu within its bucket of 51 MiB",
       (unsigned long long)cell.median);

    /* 101 processes more, an hour later: the cells widen. */
    for (uint64_t i = 1; i <= 101; i++)
        _steady(1000000 + 3600000, 2 * i * MIB);
    ok(band.grid.hi - band.grid.lo < HL_BAND_CELLS, "the span fits the cells");
    ok(hl_band_get(&band, band.grid.lo, &cell),
       "the first cell still has them");
    is_uint(cell.min, 1 * MIB, "first hour: smallest 1 MiB");
    is_uint(cell.max, 101 * MIB, "first hour: largest 101 MiB");
    ok(hl_band_get(&band, band.grid.hi, &cell), "the last cell has the others");
    is_uint(cell.min, 2 * MIB, "later: smallest 2 MiB");
    is_uint(cell.max, 202 * MIB, "later: largest 202 MiB");
    ok(_within_bucket(cell.median, 102 * MIB),
       "later: median %llu within its bucket of 102 MiB",
       (unsigned long long)cell.median);
    ok(!hl_band_get(&band, (band.grid.lo + band.grid.hi) / 2, &cell),
       "no process between the two: an empty cell");
    _points_in_one_cell();
    return done_testing();
}

/* The pieces that let the report show ten ranks of a million without
 * sorting them (report/job/model/stats.c, report/job/model/top_ranks.c),
 * against a full sort: the selection finds the value at every place of the
 * sorted order, with none larger before it and none smaller after, on random
 * values, values all equal, sorted and reversed; the peak statistics give the
 * same max, median (the mean of the two middle values of an even count, rounded
 * half up), min and mean as the sorted peaks; the top ranks kept while
 * the ranks go by are the first ones of the report's order (largest peak,
 * then smallest rank, then node), ties of peaks included, for counts
 * from none to every rank. */
#include <stdlib.h>

#include "../../bench/xorshift.h"
#include "../../tap.h"
#include "job/model/stats.h"
#include "job/model/top_ranks.h"

static uint64_t _state = 0x2545F4914F6CDD1Dull;

static uint64_t _random(void)
{
    return xorshift64(&_state);
}

static int _cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return x < y ? -1 : x > y;
}

enum _shape { _RANDOM, _FEW, _EQUAL, _SORTED, _REVERSED };

static void _fill(uint64_t *v, size_t n, enum _shape shape)
{
    for (size_t i = 0; i < n; i++)
        switch (shape) {
        case _RANDOM:
            v[i] = _random();
            break;
        case _FEW:
            v[i] = _random() % 4;
            break;
        case _EQUAL:
            v[i] = 7;
            break;
        case _SORTED:
            v[i] = i / 2;
            break;
        case _REVERSED:
            v[i] = n - i;
            break;
        }
}

/* Whether the selection of place k of v[0..n) gives what the sort does,
 * and leaves v split around it. */
static int _selects(const uint64_t *v, size_t n, size_t k)
{
    uint64_t *a = malloc(n * sizeof(*a)), *sorted = malloc(n * sizeof(*a));
    uint64_t got;
    int good;

    memcpy(a, v, n * sizeof(*a));
    memcpy(sorted, v, n * sizeof(*a));
    qsort(sorted, n, sizeof(*sorted), _cmp_u64);
    got = hl_select_u64(a, n, k);
    good = got == sorted[k] && a[k] == got;
    for (size_t i = 0; i < n && good; i++)
        good = i < k ? a[i] <= got : a[i] >= got;
    qsort(a, n, sizeof(*a), _cmp_u64);
    good = good && memcmp(a, sorted, n * sizeof(*a)) == 0;
    free(a);
    free(sorted);
    return good;
}

static void _selection(void)
{
    static const char *const names[] = {"random", "four values", "equal",
                                        "sorted", "reversed"};
    uint64_t v[301];

    for (int shape = _RANDOM; shape <= _REVERSED; shape++) {
        int good = 1;

        for (size_t n = 1; n <= 12 && good; n++) {
            _fill(v, n, (enum _shape)shape);
            for (size_t k = 0; k < n && good; k++)
                good = _selects(v, n, k);
        }
        ok(good, "%s values, 1 to 12 of them: every place selected",
           names[shape]);
        _fill(v, 301, (enum _shape)shape);
        good = 1;
        for (size_t k = 0; k < 301 && good; k += 7)
            good = _selects(v, 301, k);
        ok(good, "%s values, 301 of them: places 0, 7, 14... selected",
           names[shape]);
    }
}

/* The statistics of the peaks sorted from largest to smallest, as the
 * report computed them before it selected. */
static void _sorted_stats(const uint64_t *peaks, size_t n,
                          struct hl_peak_stats *s)
{
    uint64_t *d = malloc(n * sizeof(*d));
    unsigned __int128 sum = 0;

    memcpy(d, peaks, n * sizeof(*d));
    qsort(d, n, sizeof(*d), _cmp_u64);
    for (size_t i = 0; i < n / 2; i++) {
        uint64_t t = d[i];

        d[i] = d[n - 1 - i];
        d[n - 1 - i] = t;
    }
    s->max = d[0];
    s->min = d[n - 1];
    if (n % 2) {
        s->median = d[n / 2];
    } else {
        uint64_t hi = d[n / 2 - 1], lo = d[n / 2];

        s->median = lo + (hi - lo) / 2 + (hi - lo) % 2;
    }
    for (size_t i = 0; i < n; i++)
        sum += d[i];
    s->mean = (double)sum / (double)n;
    free(d);
}

static void _stats(void)
{
    uint64_t two[] = {5, 2}, four[] = {100, 400, 300, 200};
    uint64_t big[] = {UINT64_MAX, UINT64_MAX - 1};
    uint64_t v[1000];
    struct hl_peak_stats s, want;
    int good = 1;

    hl_peak_stats(two, 2, &s);
    is_uint(s.median, 4, "2 and 5: median 3.5 rounded half up, 4");
    hl_peak_stats(four, 4, &s);
    is_uint(s.median, 250, "100 to 400: median 250");
    is_uint(s.max, 400, "100 to 400: max 400");
    is_uint(s.min, 100, "100 to 400: min 100");
    ok(s.imbalance > 1.59 && s.imbalance < 1.61,
       "100 to 400: imbalance 1.60 (%.3f)", s.imbalance);
    hl_peak_stats(big, 2, &s);
    is_uint(s.median, UINT64_MAX, "the two largest counts: no overflow");
    for (size_t n = 1; n <= 1000 && good; n = n * 3 + 1)
        for (int shape = _RANDOM; shape <= _REVERSED && good; shape++) {
            _fill(v, n, (enum _shape)shape);
            _sorted_stats(v, n, &want);
            hl_peak_stats(v, n, &s);
            good = s.max == want.max && s.min == want.min &&
                   s.median == want.median && s.mean == want.mean;
            if (!good)
                printf("# %zu values of shape %d differ\n", n, shape);
        }
    ok(good, "1 to 1000 values of every shape: the sorted figures");
}

/* The report's order, written out: the larger peak, then the smaller
 * rank, then the node first in order. */
static int _cmp_key(const void *va, const void *vb)
{
    const struct hl_rank_key *a = va, *b = vb;

    if (a->peak != b->peak)
        return a->peak > b->peak ? -1 : 1;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return a->node < b->node ? -1 : a->node > b->node;
}

/* Whether keeping want of keys[0..n), as they come, gives the first want
 * of their order. */
static int _keeps_first(const struct hl_rank_key *keys, size_t n, size_t want)
{
    struct hl_rank_key *sorted = malloc(n * sizeof(*sorted));
    struct hl_top_ranks top;
    size_t kept, expect = want < n ? want : n;
    int good;

    memcpy(sorted, keys, n * sizeof(*sorted));
    qsort(sorted, n, sizeof(*sorted), _cmp_key);
    hl_top_ranks_init(&top, want);
    for (size_t i = 0; i < n; i++)
        hl_top_ranks_add(&top, &keys[i]);
    kept = hl_top_ranks_sort(&top);
    good = kept == expect;
    for (size_t i = 0; i < kept && good; i++)
        good = top.keys[i].index == sorted[i].index;
    hl_top_ranks_free(&top);
    free(sorted);
    return good;
}

static void _top(void)
{
    static const size_t wants[] = {0, 1, 3, 10, 999, 1000, 1005, SIZE_MAX};
    struct hl_rank_key keys[1000];

    /* Few peaks, so that most ranks tie on it and the rank and node
     * decide; ranks and nodes each repeat, never together. */
    for (size_t i = 0; i < 1000; i++)
        keys[i] = (struct hl_rank_key){.peak = _random() % 5,
                                       .rank = (int32_t)(i % 100) - 1,
                                       .node = (uint32_t)(i / 100),
                                       .index = (uint32_t)i};
    for (size_t w = 0; w < sizeof(wants) / sizeof(wants[0]); w++)
        ok(_keeps_first(keys, 1000, wants[w]),
           "1000 ranks, tied peaks: the first %zu kept, in order",
           wants[w] == SIZE_MAX ? 1000 : wants[w]);
    for (size_t i = 0; i < 1000; i++)
        keys[i].peak = 1000 - i;
    ok(_keeps_first(keys, 1000, 10),
       "ranks coming largest first: the first 10 kept");
    for (size_t i = 0; i < 1000; i++)
        keys[i].peak = i;
    ok(_keeps_first(keys, 1000, 10),
       "ranks coming smallest first: the last 10 come in and are kept");
    ok(_keeps_first(keys, 1, 10), "one rank: kept");
}

int main(void)
{
    _selection();
    _stats();
    _top();
    return done_testing();
}

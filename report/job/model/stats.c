#include "stats.h"

/* The pivots come from a generator of the code's own, so that no order of
 * the values (sorted, reversed, all equal) makes the selection quadratic. */
static uint64_t _next(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static void _swap(uint64_t *v, size_t a, size_t b)
{
    uint64_t t = v[a];

    v[a] = v[b];
    v[b] = t;
}

uint64_t hl_select_u64(uint64_t *v, size_t n, size_t k)
{
    uint64_t state = 0x9e3779b97f4a7c15ull;
    size_t lo = 0, hi = n; /* v[k] is within [lo, hi) */

    while (hi - lo > 1) {
        uint64_t pivot = v[lo + _next(&state) % (hi - lo)];
        size_t lt = lo, i = lo, gt = hi;

        /* Three ways: [lo, lt) below the pivot, [lt, gt) equal to it,
         * [gt, hi) above; equal values end the search at once. */
        while (i < gt) {
            if (v[i] < pivot)
                _swap(v, lt++, i++);
            else if (v[i] > pivot)
                _swap(v, i, --gt);
            else
                i++;
        }
        if (k < lt)
            hi = lt;
        else if (k >= gt)
            lo = gt;
        else
            return pivot;
    }
    return v[k];
}

void hl_peak_stats(uint64_t *peaks, size_t n, struct hl_peak_stats *s)
{
    unsigned __int128 sum = 0;

    s->max = s->min = peaks[0];
    for (size_t i = 0; i < n; i++) {
        sum += peaks[i];
        if (peaks[i] > s->max)
            s->max = peaks[i];
        if (peaks[i] < s->min)
            s->min = peaks[i];
    }
    s->median = hl_select_u64(peaks, n, n / 2);
    if (n % 2 == 0) {
        uint64_t hi = s->median, lo = peaks[0];

        /* The other middle value: the largest of the lower half, which the
         * selection left before it. */
        for (size_t i = 1; i < n / 2; i++)
            if (peaks[i] > lo)
                lo = peaks[i];
        s->median = lo + (hi - lo) / 2 + (hi - lo) % 2;
    }
    s->mean = (double)sum / (double)n;
    s->imbalance = s->mean > 0 ? (double)s->max / s->mean : 0;
}

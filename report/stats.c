#include "stats.h"

void hl_peak_stats(const uint64_t *peaks, size_t n, struct hl_peak_stats *s)
{
    unsigned __int128 sum = 0;

    s->max = peaks[0];
    s->min = peaks[n - 1];
    if (n % 2) {
        s->median = peaks[n / 2];
    } else {
        uint64_t hi = peaks[n / 2 - 1], lo = peaks[n / 2];

        s->median = lo + (hi - lo) / 2 + (hi - lo) % 2;
    }
    for (size_t i = 0; i < n; i++)
        sum += peaks[i];
    s->mean = (double)sum / (double)n;
    s->imbalance = s->mean > 0 ? (double)s->max / s->mean : 0;
}

/* Peak heap statistics over ranks (each rank counted once, by its largest
 * process). */
#ifndef HEAPLINE_REPORT_STATS_H
#define HEAPLINE_REPORT_STATS_H

#include <stddef.h>
#include <stdint.h>

struct hl_peak_stats {
    uint64_t max, median, min;
    double mean;
    double imbalance; /* max / mean; 0 when the mean is 0 */
};

/* The value that would be v[k] were v[0..n) sorted from smallest to
 * largest (k < n): v is reordered so that it is, with none larger before
 * it and none smaller after it. Linear time on average, whatever the
 * values: a million ranks' peaks are not sorted to find their median. */
uint64_t hl_select_u64(uint64_t *v, size_t n, size_t k);

/* peaks holds n > 0 values in any order; it is reordered. The median of
 * an even count is the mean of the two middle values, rounded half up. */
void hl_peak_stats(uint64_t *peaks, size_t n, struct hl_peak_stats *s);

#endif

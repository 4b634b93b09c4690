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

/* peaks holds n > 0 values sorted from largest to smallest. The median of
 * an even count is the mean of the two middle values, rounded half up. */
void hl_peak_stats(const uint64_t *peaks, size_t n, struct hl_peak_stats *s);

#endif

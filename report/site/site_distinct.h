/* How many distinct keys (jobs, steps) a stream of lines holds, in memory
 * that does not grow with them: the keys themselves while they are few
 * (HL_DISTINCT_EXACT at most, so the count is exact), then a HyperLogLog
 * sketch of 2^HL_DISTINCT_P one-byte registers, read with Ertl's improved
 * estimator ("New cardinality estimation algorithms for HyperLogLog
 * sketches", 2017), which needs no bias table at any count. Its relative
 * standard error is 1.04 / sqrt(2^HL_DISTINCT_P), 1.6%: an estimate is
 * within 5% of the count (three standard errors) but for about 3 in 1,000
 * (tests/report/site/site-units.c measures it).
 *
 * Both forms share one block of 4 KiB, taken at the first key: a counter
 * costs the same after one key as after a billion, so that the site
 * report's memory grows with its users and accounts, never with their
 * lines (tests/report/site/site-memory-flat.test). */
#ifndef HEAPLINE_REPORT_SITE_DISTINCT_H
#define HEAPLINE_REPORT_SITE_DISTINCT_H

#include <stdbool.h>
#include <stdint.h>

#define HL_DISTINCT_P 12
#define HL_DISTINCT_EXACT 256
#define HL_DISTINCT_BYTES (1u << HL_DISTINCT_P)

/* What an estimate is within, in percent, as the outputs say it. */
#define HL_DISTINCT_ERROR_PCT 5

struct hl_distinct {
    /* HL_DISTINCT_BYTES: the keys' hashes while exact (the slots of an
     * open-addressing set, 0 free; the one key whose hash is 0 is the
     * flag zero), else the registers (sketch) */
    void *block;
    uint32_t count;
    bool zero, sketch;
};

static inline void hl_distinct_init(struct hl_distinct *d)
{
    *d = (struct hl_distinct){0};
}

/* Adds a key: 0, or -1 when memory runs out. */
int hl_distinct_add(struct hl_distinct *d, uint64_t key);

/* The count: exact while hl_distinct_exact() says so, else estimated. */
uint64_t hl_distinct_count(const struct hl_distinct *d);

static inline bool hl_distinct_exact(const struct hl_distinct *d)
{
    return !d->sketch;
}

void hl_distinct_free(struct hl_distinct *d);

#endif

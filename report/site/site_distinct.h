/* How many distinct keys (jobs, steps) a stream of lines holds, in memory
 * that does not grow with them: the keys themselves while they are few
 * (HL_DISTINCT_EXACT at most, so the count is exact), then a HyperLogLog
 * sketch of 2^HL_DISTINCT_P one-byte registers, read with Ertl's improved
 * estimator ("New cardinality estimation algorithms for HyperLogLog
 * sketches", 2017), which needs no bias table at any count. Its relative
 * standard error is 1.04 / sqrt(2^HL_DISTINCT_P), 1.6%: an estimate is
 * within 5% of the count (three standard errors) but for about 3 in 1,000
 * (tests/report/site/site-units.c measures it). Either form costs 4 KiB at
 * most. */
#ifndef HEAPLINE_REPORT_SITE_DISTINCT_H
#define HEAPLINE_REPORT_SITE_DISTINCT_H

#include <stdbool.h>
#include <stdint.h>

#define HL_DISTINCT_P 12
#define HL_DISTINCT_EXACT 256

/* What an estimate is within, in percent, as the outputs say it. */
#define HL_DISTINCT_ERROR_PCT 5

struct hl_distinct {
    /* The keys' hashes while exact (slots of an open-addressing set, 0
     * free; the one key whose hash is 0 is the flag zero), else the
     * registers. */
    uint64_t *slots;
    uint8_t *registers;
    uint32_t nslots, count;
    bool zero;
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
    return !d->registers;
}

void hl_distinct_free(struct hl_distinct *d);

#endif

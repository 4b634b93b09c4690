/* The jobs that wasted most, in memory that does not grow with the jobs:
 * Space-Saving (Metwally, Agrawal and El Abbadi, 2005), weighted by the
 * lines' waste. The table follows a fixed number of jobs; once it is full,
 * a line of a job it does not follow takes the place of the job of least
 * count (the waste it was followed with, plus what it may have missed
 * before). The newcomer may have missed that count, unless a filter of
 * the jobs seen (a Bloom filter of 2^25 bits, two per job) proves it new:
 * then it is followed whole.
 *
 * What it guarantees, whatever the order of the lines: a followed job
 * wasted at least the waste of its followed lines and at most that plus
 * its missed (0 when whole: its figures are exact); a job not followed
 * wasted at most the least count in the table (hl_site_top_bound), which
 * is at most the table's share of all the waste (1 / capacity). So every
 * job that wasted more than that share is followed, and a list whose last
 * job's followed waste reaches what every job left out may have wasted
 * is the true list. The filter proves new all but a share of the jobs
 * that grows with them: 1.4% of 2 million, 20% of 10 million. */
#ifndef HEAPLINE_REPORT_SITE_TOP_H
#define HEAPLINE_REPORT_SITE_TOP_H

#include <stdbool.h>
#include <stdint.h>

/* Byte-seconds, summed. */
struct hl_site_time {
    double requested, used, wasted;
};

/* The table follows at least this many jobs (about 5 MiB). */
#define HL_SITE_TOP_MIN 65536u

#define HL_SITE_TOP_SEEN_BITS (1u << 25)

struct hl_site_top_job {
    uint64_t id;
    uint32_t user, account; /* the first followed line's, ids in the pools */
    uint32_t oom_steps;
    bool whole;            /* followed from its first line */
    double missed;         /* the most waste its lines before could hold */
    struct hl_site_time t; /* of its followed lines */
};

struct hl_site_top {
    struct hl_site_top_job *jobs;
    uint32_t *heap;  /* job indices, least count first */
    uint32_t *where; /* job index -> its place in heap */
    uint32_t *slots; /* by id, open addressing: job index + 1, 0 free */
    uint64_t *seen;  /* the filter: HL_SITE_TOP_SEEN_BITS bits */
    uint32_t cap, count, nslots;
    bool dropped; /* a job was put out, or a line left out */
};

/* A table that follows capacity jobs (at least one): 0, or -1 when
 * memory runs out. */
int hl_site_top_init(struct hl_site_top *top, uint32_t capacity);

/* The line of job id, of user and account, and its memory-time t: the
 * job as followed now, or NULL when the line is left out (a line that
 * wasted nothing, of a job not followed, when the table is full). */
struct hl_site_top_job *hl_site_top_add(struct hl_site_top *top, uint64_t id,
                                        uint32_t user, uint32_t account,
                                        const struct hl_site_time *t);

/* The most a job not followed may have wasted (byte-seconds). */
double hl_site_top_bound(const struct hl_site_top *top);

/* The most a followed job may have wasted. */
static inline double hl_site_top_count(const struct hl_site_top_job *j)
{
    return j->missed + j->t.wasted;
}

void hl_site_top_free(struct hl_site_top *top);

#endif

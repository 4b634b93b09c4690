/*
 * What a step's records on a node say, for the site's line: the sum of
 * their VmHWM, and the concurrent peak of their RSS timelines (the node's
 * processes added up moment by moment, common/concurrent.h). Read from the
 * folder the tasks wrote them in (the step folder, or the node-local one
 * with layout=node), which the user owns, so read with the user's rights
 * in a child, each record parsed as untrusted input with bounded reads;
 * only the figures come back, and the caller bounds them again, since the
 * child is the user's.
 */
#ifndef HL_SPANK_SITE_RECORDS_H
#define HL_SPANK_SITE_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stepd/as_user.h"
#include "site_format.h"

/* At most this many records are read, each of at most this many bytes. */
#define HL_SITE_MAX_RECORDS 4096
#define HL_SITE_MAX_RECORD_BYTES (1u << 20)

/* A record's start and end may pass the step's span by this much (the
 * step's start is read in clock ticks). */
#define HL_SITE_SPAN_SLACK_MS 1000

/* What a plausible timeline holds: its process ran within the step's span
 * on the node (ms since the Epoch; none when from_ms > to_ms), and no
 * point's RSS passes the node's memory. */
struct hl_site_span {
    int64_t from_ms, to_ms;
    uint64_t max_rss;
};

struct hl_site_records {
    uint64_t vmhwm_sum;
    uint32_t records; /* of them, with a VmHWM */
    /* The concurrent peak of RSS, or the largest VmHWM of one process if
     * larger (a peak between two readings), as heapline-report takes it;
     * known only for two records or more, each with a plausible RSS
     * timeline. */
    uint64_t concurrent_peak;
    bool concurrent_known;
};

/*
 * Reads the records task-R.*.csv in the folder dirfd whose R, and rank
 * column, is one of ranks[0..nranks) (sorted): a record's timeline counts
 * when it parses, has a start_time_s, an RSS at each point once settled
 * (a point without one takes the next one's, the last the record's
 * VmRSS; none above its VmHWM), and lies within span. Returns 0 with *out, or
 * -1 when the child failed or did not finish in timeout_ms.
 */
int hl_site_records_read(const struct hl_user *user, int dirfd,
                         const uint32_t *ranks, size_t nranks,
                         const struct hl_site_span *span, unsigned timeout_ms,
                         struct hl_site_records *out);

/* The figures of r (NULL: none could be read) into the site line's
 * columns, bounded again, since the child that read them was the user's:
 * a column whose figure is unknown or past what a node holds is empty. */
void hl_site_records_put(const struct hl_site_records *r,
                         struct hl_site_row *row);

#endif

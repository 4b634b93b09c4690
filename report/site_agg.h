/* The site report's figures, summed line by line (site_read.h) per user,
 * per account and per job. Memory grows with the users, accounts, jobs
 * and steps seen, never with the lines: a line is forgotten once added.
 *
 * A line's use is the cgroup's true peak where it has one, else its
 * records' VmHWM sum; requested and used memory-time are its request and
 * its use times its elapsed time, summed over the lines that have both. */
#ifndef HEAPLINE_REPORT_SITE_AGG_H
#define HEAPLINE_REPORT_SITE_AGG_H

#include <stddef.h>
#include <stdint.h>

#include "site_format.h"
#include "site_map.h"
#include "strpool.h"

/* The node use of a user's lines, in buckets of an eighth of an octave,
 * each with the largest use it holds: bounded memory for a percentile that
 * is a use seen, within 12.5% above the exact one. */
#define HL_SITE_HIST_BUCKETS (16 + 47 * 8)

/* Byte-seconds, summed. */
struct hl_site_time {
    double requested, used, wasted;
};

struct hl_site_bucket {
    uint64_t count, largest;
};

struct hl_site_who {
    uint64_t jobs, steps, lines, oom_steps;
    struct hl_site_time t;
    struct hl_site_bucket *hist; /* users only: HL_SITE_HIST_BUCKETS */
};

struct hl_site_job {
    uint32_t user, account; /* ids in the pools */
    uint32_t oom_steps;
    struct hl_site_time t;
};

/* One group (users, or accounts): names pooled, figures by name id. */
struct hl_site_group {
    struct hl_strpool names;
    struct hl_site_who *who;
    size_t cap;
};

struct hl_site_agg {
    struct hl_site_group users, accounts;
    struct hl_site_map jobs;  /* job id -> struct hl_site_job */
    struct hl_site_map steps; /* job << 32 | step -> uint8_t, 1 once OOM */
    struct hl_site_who all;
};

void hl_site_agg_init(struct hl_site_agg *a);

/* Adds a line: 0, or -1 when memory runs out. */
int hl_site_agg_add(struct hl_site_agg *a, const struct hl_site_row *row);

/* The largest node use in the bucket that holds the share pct (1 to 100)
 * of a user's lines with a use and no OOM kill; 0 when none. */
uint64_t hl_site_typical(const struct hl_site_who *user, unsigned pct);

/* Byte-seconds as GiB-hours. */
double hl_site_gib_hours(double byte_seconds);

void hl_site_agg_free(struct hl_site_agg *a);

#endif

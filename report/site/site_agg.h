/* The site report's figures, summed line by line (site_read.h) per user,
 * per account and per partition (where the line names one). Memory grows
 * with the users, accounts and partitions seen (each 8 KiB at most, and a
 * user's needs and job names, site_needs.h and site_names.h), never with
 * the lines, jobs or steps: a line is forgotten once added. Distinct jobs
 * and steps are counted by site_distinct.h (exact up to 256, then within
 * 5%), the jobs that wasted most kept by site_top.h; lines, memory-time,
 * the needs and OOM-killed steps are exact (the OOM-killed steps up to
 * HL_SITE_OOM_EXACT of them).
 *
 * A line's use is hl_site_row_use's (site_format.h); requested and used
 * memory-time are its request and its use times its elapsed time, summed
 * over the lines that have both. */
#ifndef HEAPLINE_REPORT_SITE_AGG_H
#define HEAPLINE_REPORT_SITE_AGG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "site_distinct.h"
#include "site_format.h"
#include "site_names.h"
#include "site_needs.h"
#include "site_set.h"
#include "site_top.h"
#include "shared/strpool.h"

/* OOM-killed steps are told apart exactly up to this many (16 MiB); past
 * it, a step not among them is counted at each of its OOM-killed lines,
 * so the counts are upper bounds (hl_site_agg.oom_over). */
#define HL_SITE_OOM_EXACT (1u << 20)

struct hl_site_who {
    uint64_t lines, oom_steps;
    int64_t first, last; /* the ends of its first and last steps */
    struct hl_distinct jobs, steps;
    struct hl_site_time t;
    /* users only: the needs of their step-nodes, and per job name */
    struct hl_site_needs needs;
    struct hl_site_names names;
};

/* One group (users, or accounts): names pooled, figures by name id. */
struct hl_site_group {
    struct hl_strpool names;
    struct hl_site_who *who;
    size_t cap;
};

struct hl_site_agg {
    struct hl_site_group users, accounts, partitions;
    struct hl_site_names_seen names_seen;
    struct hl_site_set oom; /* job << 32 | step of the OOM-killed steps */
    bool oom_over;          /* more than HL_SITE_OOM_EXACT of them */
    struct hl_site_top top;
    struct hl_site_who all;
};

/* For a report of the top jobs that wasted most: 0, or -1 when memory
 * runs out. */
int hl_site_agg_init(struct hl_site_agg *a, size_t top);

/* Adds a line: 0, or -1 when memory runs out. */
int hl_site_agg_add(struct hl_site_agg *a, const struct hl_site_row *row);

/* Byte-seconds as GiB-hours. */
double hl_site_gib_hours(double byte_seconds);

void hl_site_agg_free(struct hl_site_agg *a);

#endif

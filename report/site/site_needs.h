/* The needs of a group's step-nodes (a user's, or one job name's of a
 * user), and the --mem per node that would have covered a share of them:
 * advice from history (doc/heapline-site.1, "ADVICE FROM HISTORY").
 *
 * A need is a line's use (hl_site_row_use), counted at the smallest size
 * of the advice's grid that covers it: whole MiB, each size at most an
 * eighth above the one below (1 to 16 MiB, then 8 sizes an octave: 18,
 * 20, ... 32 MiB, 36, 40, ... 64 MiB; from 1 GiB on, the sizes of
 * heapline-report's suggestion). Only the counts per size are kept, in
 * memory that does not grow with the lines (224 sizes up to 1 PiB, 8
 * bytes each, those with a need only; 16 for the OOM-killed step-nodes'
 * limits, counted with the most of them), and nothing is lost that the advice
 * needs: the smallest size that covers a share of the needs is the size of
 * the exact percentile, and how many needs pass a size is exact. */
#ifndef HEAPLINE_REPORT_SITE_NEEDS_H
#define HEAPLINE_REPORT_SITE_NEEDS_H

#include <stdbool.h>
#include <stdint.h>

/* The grid's sizes up to HL_SITE_MAX_BYTES, 1 PiB. */
#define HL_SITE_GRID 224

/* A share as --cover takes it: hundredths of a percent, 1 to 10000. */
#define HL_SITE_COVER_FULL 10000u
#define HL_SITE_DEFAULT_COVER 9500u

/* A sparse count per grid index: (index << 56 | count), by index, and
 * beside each the most bytes counted there where most is kept (the
 * OOM-killed step-nodes' limits, which the advice says). */
struct hl_site_grid_counts {
    uint64_t *cells, *most;
    uint16_t n, cap;
};

struct hl_site_needs {
    /* the needs of the step-nodes not OOM-killed, by hl_site_grid_index;
     * the limits of the OOM-killed ones (their need was more), by
     * hl_site_grid_below: the smallest size above the limit, the least
     * their need may have been on the grid */
    struct hl_site_grid_counts met, oom;
    /* OOM-killed with no limit known: no bound on their need */
    uint64_t oom_nolimit;
    /* the lines with a request: byte-seconds requested, and seconds */
    double requested, seconds;
};

/* A grid size's index: the smallest size at or above bytes (at most
 * HL_SITE_MAX_BYTES). */
unsigned hl_site_grid_index(uint64_t bytes);

/* The size of an index, in bytes. */
uint64_t hl_site_grid_size(unsigned index);

/* How many grid sizes are at most bytes (0 below 1 MiB). */
unsigned hl_site_grid_below(uint64_t bytes);

/* Adds a step-node: its need (has_need: its use is known), oom (the OOM
 * killer ended some of it: limit is what it had, or 0 when not known),
 * its request (has_request) and elapsed seconds. 0, or -1 when memory
 * runs out. */
int hl_site_needs_add(struct hl_site_needs *n, bool has_need, uint64_t need,
                      bool oom, uint64_t limit, bool has_request,
                      uint64_t request, double seconds);

void hl_site_needs_free(struct hl_site_needs *n);

/* The advice of a group's needs for a share. The share counts the
 * step-nodes with a need and the OOM-killed ones with a limit, whose need
 * was more than it: ranked by need, a killed one after the needs of its
 * grid size, as needing the smallest size above its limit. measured =
 * covered + killed + the OOM-killed ones of oom_unknown with a limit. */
struct hl_site_advice {
    bool known; /* some step-node is in the share */
    /* the share's rank fell on an OOM-killed step-node: its need was more
     * than limit (the most limit of those killed at that size), how much
     * is not known; mem is the grid's next size above limit */
    bool over;
    uint64_t limit;
    uint64_t mem;      /* bytes: the smallest grid size that covers the share */
    uint64_t measured; /* step-nodes in the share's count */
    uint64_t covered;  /* of them, needing at most mem (not OOM-killed) */
    /* the step-nodes it would have ended: needs above mem, and OOM-killed
     * ones whose limit was mem or more */
    uint64_t killed;
    uint64_t oom; /* step-nodes OOM-killed: their need is not known */
    /* of them, under mem or with no limit: may have fitted, or not */
    uint64_t oom_unknown;
    double saved; /* byte-seconds requested less mem's: may be < 0 */
};

/* The advice for the share cover (hundredths of a percent). */
void hl_site_advise(const struct hl_site_needs *n, unsigned cover,
                    struct hl_site_advice *a);

#endif

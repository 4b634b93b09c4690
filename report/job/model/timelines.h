/* What the report keeps of the records' timelines (common/timeline_text.h,
 * doc/format.md): per node, its processes added up moment by moment
 * (concurrent.h), folded in as the records are read; and the series of
 * the processes an output shows (the top ranks' for --timeline, every
 * process's for --format csv --timeline), not the others'. So 100,000
 * ranks of 256 points each cost a grid per node, not their series.
 *
 * A file's timelines are staged while it is read, and folded in only once
 * the whole file is good (a file with a bad line adds nothing). A process
 * read twice (the same record given twice) is folded in once. */
#ifndef HEAPLINE_REPORT_TIMELINES_H
#define HEAPLINE_REPORT_TIMELINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "band.h"
#include "concurrent.h"
#include "shared/strpool.h"
#include "timeline_text.h"

struct hl_proc;

/* What a process's timeline gave (hl_proc.timeline). */
enum hl_timeline_kind {
    HL_TIMELINE_NONE, /* none, or one left out */
    HL_TIMELINE_HEAP, /* the heap; VmRSS could not be read */
    HL_TIMELINE_FULL, /* the heap and VmRSS */
};

/* A process without a kept series (hl_proc.series). */
#define HL_NO_SERIES UINT32_MAX

struct hl_series {
    struct hl_timeline_point *points; /* NULL: a free entry */
    uint32_t n;
    uint32_t proc;   /* while reading: its process's index */
    uint8_t version; /* of the record's timeline (timeline_text.h) */
    uint8_t holders; /* while reading: why it is kept, for a rank or for a
                        process without one (bits), or both */
};

struct hl_timelines {
    /* Series to keep: of the `keep` ranks of largest peak heap (the
     * report's order) and of the `keep` processes without a rank of
     * largest peak heap (listed outside MPI, proc_list.h), or of every
     * process when SIZE_MAX; none when 0. */
    size_t keep;
    /* The job whose timelines are folded in (--job, hl_job_selects), as
     * its records alone are reported; NULL: every job's. */
    const char *job;
    struct hl_conc **grids; /* by host id; NULL: no timeline there */
    size_t ngrids;
    struct hl_series *series;
    size_t nseries, series_cap;
    /* Every process folded in across the others (band.h), when not NULL:
     * set before reading, freed with the rest. */
    struct hl_band *band;
    /* The file being read: its processes' points, staged. */
    struct hl_staged {
        uint32_t proc, first, n;
        uint8_t version; /* of its timeline (timeline_text.h) */
    } * staged;
    size_t nstaged, staged_cap;
    struct hl_timeline_point *points;
    size_t npoints, points_cap;
    /* While reading: the processes folded in (indices + 1, open
     * addressing), and the entries of tl->series of the kept ranks (few:
     * each record is compared with each). */
    uint32_t *seen;
    size_t seen_slots, seen_count;
    uint32_t *ranks;
    size_t nranks;
    uint32_t *unranked; /* of the processes without a rank kept */
    size_t nunranked;
    /* What was wrong with the timeline of the last record read, "" if
     * nothing: the record is kept, its timeline left out. */
    char fault[96];
};

/* For the row of process proc (index in the procs being read): its
 * timeline text and its start (start_ns, or -1 when the record has no
 * start_time_s) and elapsed time. Returns 0 (staged, or left out with
 * tl->fault set), or -1 when memory runs out. */
int hl_timelines_stage(struct hl_timelines *tl, uint32_t proc, const char *text,
                       int64_t start_ns, int64_t elapsed_ms);

/* The file is good: its staged timelines are folded into their nodes and
 * kept as tl->keep says; procs[i].timeline and .series say what each got.
 * hosts: the host names, for the report's order of equal ranks. Returns 0,
 * or -1 when memory runs out. */
int hl_timelines_commit(struct hl_timelines *tl, struct hl_proc *procs,
                        const struct hl_strpool *hosts);

/* The file is bad: its staged timelines are dropped. */
void hl_timelines_drop(struct hl_timelines *tl);

/* Every file has been read: what only reading needed is freed. */
void hl_timelines_end_reading(struct hl_timelines *tl);

/* The node grid of a host, NULL when none of its processes had one. */
static inline const struct hl_conc *
hl_timelines_grid(const struct hl_timelines *tl, uint32_t host)
{
    return host < tl->ngrids ? tl->grids[host] : NULL;
}

void hl_timelines_free(struct hl_timelines *tl);

#endif

/* One reading of records into a report: the files read, each process
 * once, the ranks and nodes summed, Slurm asked, the request judged and
 * the sites named. The report of one run does it once; --compare and
 * --predict once per run. */
#ifndef HEAPLINE_REPORT_READING_H
#define HEAPLINE_REPORT_READING_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "report.h"

/* What one reading owns; r points into the rest. */
struct hl_reading {
    struct hl_procset set;
    struct hl_summary sum;
    struct hl_runs runs;
    struct hl_callsites_view callsites;
    struct hl_report r;
    bool has_callsites; /* some record held allocation sites */
    size_t skipped;     /* inputs named on stderr and left out */
};

/* What a reading is for, beyond opt's own settings. */
struct hl_reading_want {
    const char *name;     /* for "NAME: no record to report"; NULL: none */
    bool html;            /* the page's band and ranks' series */
    bool ask_slurm;       /* sacct and scontrol, unless --no-sacct */
    size_t ordered_ranks; /* the ranks put in the report's order */
};

/* Reads paths (npaths of them) into rd, which the caller frees with
 * hl_reading_free whatever is returned. Returns 0, or 2 when nothing can
 * be reported or memory runs out (said on stderr). */
int hl_read_report(const struct hl_options *opt, char *const *paths, int npaths,
                   const struct hl_reading_want *want, struct hl_reading *rd);

void hl_reading_free(struct hl_reading *rd);

#endif

/* The sites section of a report: the sites at the peak summed over every
 * record (the same stack adds up across ranks), and the largest of each
 * top rank, with their frames named; printed as text, as a JSON member,
 * or as collapsed stacks for flame graph tools. */
#ifndef HEAPLINE_REPORT_CALLSITES_VIEW_H
#define HEAPLINE_REPORT_CALLSITES_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "job/model/aggregate.h"
#include "job/model/procs.h"
#include "callsites_db.h"
#include "symbolize.h"

/* The sites shown by default, and the most top ranks whose own sites are
 * shown. */
#define HL_DEFAULT_CALLSITES 5
#define HL_CALLSITES_RANKS 5
/* The callers named after a site: sites whose site and callers read the
 * same are one (callsites_merge.h), in every output. */
#define HL_CALLSITES_CALLERS 2
/* The sites shown for each top rank. */
#define HL_CALLSITES_PER_RANK 3

/* A stack summed over the records that hold it, with the stacks that read
 * the same in the text report (callsites_merge.h). */
struct hl_callsite_total {
    uint32_t stack;  /* the largest of them, which names them */
    uint32_t stacks; /* how many */
    uint32_t records;
    uint64_t bytes, count;
    double variance; /* the sum of the records' se squared */
};

/* One of the top rows of the report's table, a rank or outside MPI a
 * process (proc_list.h), as the table shows them. */
struct hl_callsites_rank {
    uint32_t proc;     /* the rank's process in the set's procs */
    uint32_t first, n; /* its sites in db->sites */
};

struct hl_report;

struct hl_callsites_view {
    const struct hl_procset *set;
    const struct hl_callsites_db *db;
    bool by_process; /* the rows are processes, not ranks */
    struct hl_symbolizer *sym;
    size_t top; /* sites to show */
    struct hl_callsites_rank ranks[HL_CALLSITES_RANKS];
    size_t nranks;
    struct hl_callsite_total *totals; /* largest first */
    size_t ntotals;
    /* The samples that found the library's table of live blocks full,
     * summed over the processes, and how many processes dropped some: the
     * sites leave them out, and under-count by those live at the peak. */
    uint64_t dropped;
    size_t dropped_procs;
};

/* The sites of every process of r's set summed into v->totals (the
 * stacks that read alike in the text report summed into one), and the
 * first of the rows r's table shows that have sites, to show top sites
 * of: 1, 0 when no record has sites (v is then empty), -1 when memory
 * runs out. */
int hl_callsites_view_init(struct hl_callsites_view *v,
                           const struct hl_report *r, size_t top);
void hl_callsites_view_free(struct hl_callsites_view *v);

/* Who row k is in the sites of the top rows: its rank ("3"), or for a
 * process of no rank its program and pid ("cc1 (pid 2245)"). */
void hl_callsites_row_name(const struct hl_callsites_view *v,
                           const struct hl_callsites_rank *k, char *buf,
                           size_t size);

/* When samples were dropped (v->dropped), what that means for the sites,
 * in a sentence that text and HTML share: true; else false, buf "". */
bool hl_callsites_dropped_note(const struct hl_callsites_view *v, char *buf,
                               size_t size);

void hl_callsites_print_text(FILE *out, const struct hl_callsites_view *v);
/* A JSON member "sites": {...}, without a separator around it. */
void hl_callsites_print_json(FILE *out, const struct hl_callsites_view *v);
/* Every stack, outermost frame first, weighted by its bytes at the peak. */
void hl_callsites_print_folded(FILE *out, const struct hl_callsites_view *v);

#endif

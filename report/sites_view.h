/* The sites section of a report: the sites at the peak summed over every
 * record (the same stack adds up across ranks), and the largest of each
 * top rank, with their frames named; printed as text, as a JSON member,
 * or as collapsed stacks for flame graph tools. */
#ifndef HEAPLINE_SITES_VIEW_H
#define HEAPLINE_SITES_VIEW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sites_db.h"
#include "symbolize.h"

/* A stack summed over the records that hold it. */
struct hl_site_total {
    uint32_t stack;
    uint32_t records;
    uint64_t bytes, count;
    double variance; /* the sum of the records' se squared */
};

/* One of the top ranks, as the report's ranks table shows them. */
struct hl_sites_rank {
    int32_t rank;
    const char *host;
    uint32_t first, n; /* its sites in db->sites */
};

struct hl_sites_view {
    const struct hl_sites_db *db;
    struct hl_symbolizer *sym;
    size_t top; /* sites to show */
    const struct hl_sites_rank *ranks;
    size_t nranks;
    struct hl_site_total *totals; /* largest first */
    size_t ntotals;
};

/* Sums db into v->totals: 0, or -1 when memory runs out. */
int hl_sites_view_init(struct hl_sites_view *v);
void hl_sites_view_free(struct hl_sites_view *v);

void hl_sites_print_text(FILE *out, const struct hl_sites_view *v);
/* A JSON member "sites": {...}, without a separator around it. */
void hl_sites_print_json(FILE *out, const struct hl_sites_view *v);
/* Every stack, outermost frame first, weighted by its bytes at the peak. */
void hl_sites_print_folded(FILE *out, const struct hl_sites_view *v);

#endif

/* Items of the set (processes, exits) grouped by their host: each host's
 * in the order they were read. The report's passes over a million
 * processes go node by node, so that each looks things up in a table of
 * one node's (a few hundred entries, in cache), never in one of all. */
#ifndef HEAPLINE_REPORT_BY_HOST_H
#define HEAPLINE_REPORT_BY_HOST_H

#include <stddef.h>
#include <stdint.h>

struct hl_by_host {
    uint32_t *first;  /* host h's items are item[first[h] .. first[h + 1]) */
    uint32_t *item;   /* indices into the items */
    uint32_t largest; /* the most items of one host */
};

/* Groups n items of size bytes at items, whose uint32_t host id (below
 * nhosts) is host_at bytes into each. Returns 0, or -1 when memory runs
 * out. */
int hl_by_host(struct hl_by_host *b, const void *items, size_t n, size_t size,
               size_t host_at, uint32_t nhosts);

void hl_by_host_free(struct hl_by_host *b);

#endif

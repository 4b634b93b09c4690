/* The ranks of largest peak heap, as many as the outputs show, picked
 * while the ranks are found: a heap whose root is the last of those kept,
 * so that each other rank costs one comparison, and a million ranks are
 * not sorted to show ten. */
#ifndef HEAPLINE_REPORT_TOP_RANKS_H
#define HEAPLINE_REPORT_TOP_RANKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What orders a rank in the report: its peak heap, then its rank number,
 * then its node's place (natural order of the node names); index says
 * which rank it is. The processes the tables list (listed.h) are ordered
 * by the same key, then by pid (0 for a rank), then by index. */
struct hl_rank_key {
    uint64_t peak;
    int32_t rank;
    uint32_t node;
    uint32_t index;
    uint32_t pid;
};

/* Whether a comes before b: the larger peak, then the smaller rank, then
 * the node first in order, then the smaller pid and index. */
static inline bool hl_rank_key_before(const struct hl_rank_key *a,
                                      const struct hl_rank_key *b)
{
    if (a->peak != b->peak)
        return a->peak > b->peak;
    if (a->rank != b->rank)
        return a->rank < b->rank;
    if (a->node != b->node)
        return a->node < b->node;
    if (a->pid != b->pid)
        return a->pid < b->pid;
    return a->index < b->index;
}

/* The same selection in an array of the caller's, keys[0..n) of room for
 * want: keeps k if it is among the want first so far, and returns how many
 * keys[] holds then. */
size_t hl_top_keys_add(struct hl_rank_key *keys, size_t n, size_t want,
                       const struct hl_rank_key *k);

/* Sorts keys[0..n), kept by hl_top_keys_add, the first one first. */
void hl_top_keys_sort(struct hl_rank_key *keys, size_t n);

struct hl_top_ranks {
    size_t want; /* SIZE_MAX: every rank */
    struct hl_rank_key *keys;
    size_t n, cap;
};

void hl_top_ranks_init(struct hl_top_ranks *t, size_t want);

/* Keeps k if it is among the t->want first so far. Returns 0, or -1 when
 * memory runs out. */
int hl_top_ranks_add(struct hl_top_ranks *t, const struct hl_rank_key *k);

/* Sorts the kept ranks, the first one first; returns how many there
 * are. No rank may be added after. */
size_t hl_top_ranks_sort(struct hl_top_ranks *t);

void hl_top_ranks_free(struct hl_top_ranks *t);

#endif

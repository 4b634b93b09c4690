/* A user's job names, each with the needs of its step-nodes
 * (site_needs.h), in memory that does not grow with the names: a user's
 * table follows HL_SITE_NAMES of them at a time, by Space-Saving
 * (Metwally, Agrawal and El Abbadi, 2005) over the step-nodes. When the
 * table is full, a name it does not follow takes the place of the one of
 * fewest step-nodes (counted with what that one may have missed before
 * it), unless a filter of the user's names seen (a Bloom filter of 2^23
 * bits, two per name, shared by all users) proves it new: then it counts
 * its own step-nodes only, and is followed whole.
 *
 * So a name followed whole has the needs of all its step-nodes; one
 * followed from a later line has those since (hl_site_name.whole false);
 * and a name left out had at most as many step-nodes as the least counted
 * one followed, which is at most 1/HL_SITE_NAMES of the user's: a name of
 * more is always followed. A user of 16 names or fewer has each whole. */
#ifndef HEAPLINE_REPORT_SITE_NAMES_H
#define HEAPLINE_REPORT_SITE_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "site_needs.h"

#define HL_SITE_NAMES 16
#define HL_SITE_NAMES_SEEN_BITS (1u << 23)

struct hl_site_name {
    char *name;
    uint64_t hash;
    uint64_t count;             /* step-nodes followed, and missed */
    uint64_t missed;            /* the most step-nodes it may have had before */
    bool whole;                 /* followed from its first line */
    struct hl_site_needs needs; /* of its followed step-nodes */
};

/* One user's table. */
struct hl_site_names {
    struct hl_site_name *slots;
    uint32_t n, cap;
    bool dropped; /* a name was put out */
};

/* The filter of the (user, name) pairs seen, for every user. */
struct hl_site_names_seen {
    uint64_t *bits;
};

/* 0, or -1 when memory runs out. */
int hl_site_names_seen_init(struct hl_site_names_seen *seen);
void hl_site_names_seen_free(struct hl_site_names_seen *seen);

/* The entry of name (not empty) in user's table t, taken or made: NULL
 * when memory runs out. Its needs are the caller's to add to. */
struct hl_site_name *hl_site_names_add(struct hl_site_names *t,
                                       struct hl_site_names_seen *seen,
                                       uint32_t user, const char *name);

void hl_site_names_free(struct hl_site_names *t);

#endif

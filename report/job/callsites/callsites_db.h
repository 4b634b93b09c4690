/* The sites of every record read: the at-peak tables of the record's
 * sites and modules columns (grammar in doc/format.md), kept compactly.
 * Modules are kept once by path and build-id, stacks once by their frames,
 * so that the ranks of one program, which share their stacks, cost one
 * small entry per site each. */
#ifndef HEAPLINE_REPORT_CALLSITES_DB_H
#define HEAPLINE_REPORT_CALLSITES_DB_H

#include <stddef.h>
#include <stdint.h>

#include "callsites_text.h"

struct hl_callsite_module {
    char *path;
    char build_id[HL_BUILD_ID_HEX + 1]; /* "" when the record had none */
};

struct hl_callsite_stack {
    size_t first; /* in hl_callsites_db.frames, innermost first */
    uint32_t depth;
};

/* One site of one process: a stack's estimate at that process's peak. */
struct hl_proc_callsite {
    uint64_t bytes, count, se;
    uint32_t stack;
};

struct hl_callsites_db {
    struct hl_callsite_module *modules;
    size_t nmodules, modules_cap;
    struct hl_callsite_frame *frames; /* module: in modules */
    size_t nframes, frames_cap;
    struct hl_callsite_stack *stacks;
    size_t nstacks, stacks_cap;
    uint32_t *slots; /* hash of stack index + 1, 0 = free */
    size_t nslots;
    struct hl_proc_callsite *callsites;
    size_t ncallsites, callsites_cap;
    uint64_t rate; /* the largest sampling rate among the records */
};

/* Adds the sites of one record from its sites and modules fields (as
 * read, CSV quoting undone; a provisional record's padding allowed): they
 * are db->sites[*first..*first + *n), largest first. Returns 0; -1 with
 * one line in err (what is wrong, no file name) when a field breaks the
 * grammar, in which case nothing of it is kept; -2 when memory runs out. */
int hl_callsites_db_add(struct hl_callsites_db *db, uint64_t rate,
                        const char *callsites, const char *modules,
                        uint32_t *first, uint32_t *n, char *err, size_t errlen);

/* Stacks a and b by their frames, innermost first: each frame's module
 * by path and build-id, then its offset. Unlike their indices, which
 * follow the order in which the records were read, this order is the
 * same whatever that order: the tie-break of equal sites. */
int hl_callsites_stack_cmp(const struct hl_callsites_db *db, uint32_t a,
                           uint32_t b);

void hl_callsites_db_free(struct hl_callsites_db *db);

#endif

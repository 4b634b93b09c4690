/* The at-peak table and the modules as the record writes them, in the
 * grammar of its sites and modules columns (common/callsites_text.h). */
#ifndef HEAPLINE_CALLSITES_PEAK_H
#define HEAPLINE_CALLSITES_PEAK_H

#include "buf.h"
#include "callsites_text.h"

#pragma GCC visibility push(hidden)

/* The sites of the at-peak table, largest first, as many as fit in max
 * bytes of b. */
void hl_callsites_write_sites(struct hl_buf *b, size_t max);

/* Every module registered so far, in index order. */
void hl_callsites_write_modules(struct hl_buf *b);

/* The same two fields rewritten in place in the provisional record, in
 * field[0..cap) padded with spaces (which the grammar allows). The sites
 * field's first byte is written last: while it is being rewritten it is
 * HL_FIELD_REWRITING, which tells a reader that the process died in the middle.
 * From one thread at a time (the milestone's writer); no allocation. */
void hl_callsites_put_sites(char *field, size_t cap);
void hl_callsites_put_modules(char *field, size_t cap);

/* For the final record: the two fields, in buffers of their own (the exit
 * path runs once). */
const char *hl_callsites_final_sites(void);
const char *hl_callsites_final_modules(void);

/* Whether a sample was taken: until then the two fields stay as blank
 * as the provisional record laid them, and need no rewriting. */
int hl_callsites_sampled(void);

#pragma GCC visibility pop

#endif

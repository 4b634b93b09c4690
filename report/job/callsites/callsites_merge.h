/* Stacks that a reader cannot tell apart summed into one. Without line
 * information (a program built without -g, as Debian's packages are),
 * three calls of malloc in one function differ only by their return
 * addresses, and the report would list the same site and callers three
 * times, each with a part of the bytes. */
#ifndef HEAPLINE_REPORT_CALLSITES_MERGE_H
#define HEAPLINE_REPORT_CALLSITES_MERGE_H

#include <stddef.h>

#include "callsites_view.h"
#include "job/model/procs.h"

/* v->totals, one per stack of set, become one per label of a site and
 * callers frames (hl_callsite_label_text): bytes, samples and variances
 * summed, the processes that hold any of them counted once each, the
 * stack of the largest kept to name them; unsorted. 0, or -1 when memory
 * runs out (v is then unchanged). */
int hl_callsites_merge_same(struct hl_callsites_view *v,
                            const struct hl_procset *set, size_t callers);

#endif

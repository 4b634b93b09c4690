/* Records of one process read more than once (hl_proc_key). */
#ifndef HEAPLINE_REPORT_DUPLICATES_H
#define HEAPLINE_REPORT_DUPLICATES_H

#include <stddef.h>

#include "job/model/procs.h"

/* Keeps one record of each process, the most complete (a final record
 * before a provisional one, then the latest, then the first read), so that
 * none is counted twice; says on stderr which processes had several. The
 * records are found by hashing, node by node; those kept stay in the order
 * they were read. Returns 0, or -1 when memory runs out (set as it was). */
int hl_drop_duplicates(struct hl_procset *set);

#endif

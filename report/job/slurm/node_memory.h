/* What --mem=0 stands for: all of each node's memory, which is the node's
 * RealMemory in Slurm's configuration. */
#ifndef HEAPLINE_REPORT_NODE_MEMORY_H
#define HEAPLINE_REPORT_NODE_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#include "job/model/aggregate.h"
#include "job/model/procs.h"

/* Asks scontrol for the RealMemory of every node of sum (host names in
 * set), before deadline_ms (hl_now_ms's clock: the deadline of the
 * report's other Slurm queries); a node it does not give keeps 0. */
void hl_ask_real_memory(struct hl_summary *sum, const struct hl_procset *set,
                        int64_t deadline_ms);

#endif

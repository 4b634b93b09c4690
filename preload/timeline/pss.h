/* Readings of what the process shares (Pss, Pss_Shmem, RssShmem:
 * procstatus.h), as often as keeps their cost under a share of the
 * process's CPU time.
 *
 * /proc/self/smaps_rollup walks every mapping of the process: about 15 us
 * for a process of a few dozen mappings, 110 us for 1,000, 18 ms for
 * 64,000 (doc/performance.md), where VmRSS costs a few microseconds. So a
 * reading is taken only when the CPU time the readings have cost, with
 * the next one at the last one's cost, stays within HL_PSS_PER_MILLE
 * thousandths of the CPU time the process has used since the library
 * started in it: the first after 10 ms of CPU time (its cost guessed at
 * HL_PSS_FIRST_COST_NS), then less often the more the last one cost. The
 * timeline asks at its readings of VmRSS (timeline_live.c), never on the
 * allocation path, and once more at the end. */
#ifndef HEAPLINE_PSS_H
#define HEAPLINE_PSS_H

#include "record/procstatus.h"

#pragma GCC visibility push(hidden)

#define HL_PSS_PER_MILLE 5
#define HL_PSS_FIRST_COST_NS 50000

/* At start, and in a forked child: no reading yet, the CPU time counted
 * from now. */
void hl_pss_start(void);

/* A reading, if one is due now: 1 with out set, else 0. */
int hl_pss_read_if_due(struct hl_shared *out);

#pragma GCC visibility pop

#endif

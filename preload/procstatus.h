/* VmHWM and VmRSS of this process, from /proc/self/status. */
#ifndef HEAPLINE_PROCSTATUS_H
#define HEAPLINE_PROCSTATUS_H

#include <stdint.h>

struct hl_memory {
    int64_t vmhwm, vmrss; /* bytes, -1 if unknown */
};

/* Reads the file with read(2) into a stack buffer: no allocation. */
void hl_procstatus_read(struct hl_memory *out);

/* The cheap readings, for the provisional record's milestones (a read of
 * /proc/self/status costs 11-15 us; these one syscall, and three short
 * ones):
 * ru_maxrss of getrusage(RUSAGE_SELF), in bytes: the larger of VmHWM and
 * the high-water mark of the image this one replaced by exec; -1 if
 * unknown. */
int64_t hl_procstatus_maxrss(void);

/* VmRSS from /proc/self/statm, in bytes; -1 if unknown. */
int64_t hl_procstatus_rss(void);

#endif

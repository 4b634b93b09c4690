/* VmHWM and VmRSS of this process, from /proc/self/status. */
#ifndef HEAPLINE_PROCSTATUS_H
#define HEAPLINE_PROCSTATUS_H

#include <stdint.h>

struct hl_memory {
    int64_t vmhwm, vmrss; /* bytes, -1 if unknown */
};

/* Reads the file with read(2) into a stack buffer: no allocation. */
void hl_procstatus_read(struct hl_memory *out);

#endif

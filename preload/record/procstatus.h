/* Figures of this process from /proc: VmHWM and VmRSS, and the raw
 * reader of a "Name:\tvalue" file that they come from. */
#ifndef HEAPLINE_PROCSTATUS_H
#define HEAPLINE_PROCSTATUS_H

#include <stdint.h>

struct hl_memory {
    int64_t vmhwm, vmrss; /* bytes, -1 if unknown */
};

/* A line of a /proc status file that hl_proc_scan reads: "Name:" and the
 * number after it, in base 10 or 16; *value is -1 when the line is absent
 * or its value is not a number. */
struct hl_proc_field {
    const char *name; /* with its colon */
    int base;
    int64_t *value;
};

/* Reads the file with read(2), a small piece at a time, scanning it line
 * by line: no allocation, and a few hundred bytes of stack, for the exit
 * path (lifecycle.c). Returns -1 when the file cannot be opened. */
int hl_proc_scan(const char *path, const struct hl_proc_field *fields,
                 unsigned nfields);

/* VmHWM and VmRSS from /proc/self/status, as hl_proc_scan reads them. */
void hl_procstatus_read(struct hl_memory *out);

/* The same from another process's status file, path. */
void hl_procstatus_read_of(const char *path, struct hl_memory *out);

/* The cheap readings, for the provisional record's milestones (a read of
 * /proc/self/status costs 11-15 us; these one syscall, and three short
 * ones):
 * ru_maxrss of getrusage(RUSAGE_SELF), in bytes: the larger of VmHWM and
 * the high-water mark of the image this one replaced by exec; -1 if
 * unknown. */
int64_t hl_procstatus_maxrss(void);

/* VmRSS from /proc/self/statm, in bytes; -1 if unknown. */
int64_t hl_procstatus_rss(void);

/* What this process shares: Pss and Pss_Shmem from
 * /proc/self/smaps_rollup (Linux 4.14; a walk of every mapping, which
 * costs far more than the readings above: see preload/timeline/pss.h),
 * RssShmem from /proc/self/status; bytes, -1 if unknown. */
struct hl_shared {
    int64_t pss, pss_shmem, rss_shmem;
};

void hl_procstatus_read_shared(struct hl_shared *out);

#endif

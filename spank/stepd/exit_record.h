/*
 * The exit file of a task, task-ID.exit beside the records, that lets the
 * report tell which tasks did not end normally. Its columns are
 * common/exit_format.h's.
 */
#ifndef HL_SPANK_EXIT_RECORD_H
#define HL_SPANK_EXIT_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The file name of task's exit file; -1 if out is too small. */
int hl_exit_record_name(uint32_t task, char *out, size_t out_size);

/* What the memory cgroup says of a task's end. */
enum hl_oom {
    HL_OOM_UNKNOWN = -1, /* no memory cgroup: oom is left empty */
    HL_OOM_NO = 0,
    HL_OOM_KILLED = 1, /* the kernel's OOM killer ended it */
};

/* How a task ended, as slurmstepd saw it. */
struct hl_task_end {
    uint32_t task;    /* its global id */
    const char *host; /* the node */
    pid_t pid;        /* its first process */
    int wstatus;      /* its wait status */
    enum hl_oom oom;
    uint64_t cgroup_peak; /* its own cgroup's high-water mark; UINT64_MAX
                             where it has none */
    int64_t end_ns;       /* when it ended, on the wall clock; -1: unknown */
};

/* The file's text for a task's end; -1 if out is too small. */
int hl_exit_record_format(const struct hl_task_end *end, char *out,
                          size_t out_size);

/* The same task's row alone, values and newline, for a merged node file
 * (merge.h); -1 if out is too small. */
int hl_exit_record_row(const struct hl_task_end *end, char *out,
                       size_t out_size);

#endif

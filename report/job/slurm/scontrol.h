/* The memory request of a job as slurmctld knows it. */
#ifndef HEAPLINE_REPORT_SCONTROL_H
#define HEAPLINE_REPORT_SCONTROL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hl_scontrol_request {
    uint64_t bytes;
    bool per_cpu;
    uint32_t cpus_per_task; /* CPUs/Task=, 1 when not given */
};

/* Finds MinMemoryNode= or MinMemoryCPU=, and CPUs/Task=, in the one-line
 * output of `scontrol show job -o`. Returns 0 and fills req (bytes 0: the
 * whole node), or -1. */
int hl_scontrol_parse_request(const char *out, struct hl_scontrol_request *req);

/* The arguments of `scontrol show job -o ID` for job (a step suffix ".N"
 * dropped); id receives the job id; argv ends with NULL. */
void hl_scontrol_argv(const char *job, char id[64], char *argv[6]);

#endif

/* The memory request of a job as slurmctld knows it. */
#ifndef HEAPLINE_SCONTROL_H
#define HEAPLINE_SCONTROL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Finds MinMemoryNode= or MinMemoryCPU= in the one-line output of
 * `scontrol show job -o`. Returns 0 and sets *bytes and *per_cpu, or -1. */
int hl_scontrol_parse_request(const char *out, uint64_t *bytes, bool *per_cpu);

/* Asks scontrol about job (a step suffix ".N" is dropped). Returns 0 and
 * sets the request, or -1 when scontrol did not answer in timeout_ms. */
int hl_scontrol_request(const char *job, int timeout_ms, uint64_t *bytes,
                        bool *per_cpu);

#endif

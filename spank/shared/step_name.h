/*
 * Which step a folder and a report are of, named as sacct and the records'
 * job column name it: "81_2.0" for step 0 of task 2 of job array 81,
 * "83.0" otherwise. A heterogeneous step is one step of the job's first
 * component (its leader): every component's tasks share its folder.
 */
#ifndef HL_SPANK_STEP_NAME_H
#define HL_SPANK_STEP_NAME_H

#include <stddef.h>
#include <stdint.h>

#define HL_NO_ARRAY UINT32_MAX

struct hl_step_id {
    uint32_t job;  /* the job id (its leader's in a heterogeneous job) */
    uint32_t step; /* the step id */
    uint32_t array_job, array_task; /* HL_NO_ARRAY if not an array task */
};

/* Writes "81_2.0" or "83.0"; -1 if out is too small. */
int hl_step_name(const struct hl_step_id *id, char *out, size_t out_size);

/* A Slurm id written in decimal digits only; -1 for anything else. */
int hl_parse_id(const char *text, uint32_t *out);

#endif

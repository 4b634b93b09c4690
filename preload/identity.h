/* Who this process is in a parallel job: rank, host and Slurm ids, read
 * once at start from the variables that launchers set. */
#ifndef HEAPLINE_IDENTITY_H
#define HEAPLINE_IDENTITY_H

#include <sys/types.h>

struct hl_record_row;

struct hl_identity {
    long rank;        /* -1 outside MPI and Slurm steps */
    char host[256];   /* Slurm node name inside a job, else the host name */
    char job[64];     /* as sacct writes it: "123.0", "77_3.0", "" */
    char job_id[24];  /* %j: SLURM_JOB_ID */
    char step_id[24]; /* %s: "0", "batch", "extern", ... */
    char task_id[24]; /* %t: SLURM_PROCID */
    char user[64];    /* %u, filled only when the output pattern needs it */
};

extern struct hl_identity hl_identity;

void hl_identity_load(int want_user);

/* The record's columns that say who process pid is: rank, host, pid and
 * job (pointing into id). */
void hl_identity_to_record(const struct hl_identity *id, pid_t pid,
                           struct hl_record_row *row);

#endif

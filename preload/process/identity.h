/* Who this process is, for the record and for the output pattern: from the
 * variables that launchers set, and from the kernel. */
#ifndef HEAPLINE_IDENTITY_H
#define HEAPLINE_IDENTITY_H

#include <sys/types.h>

struct hl_record_row;

struct hl_identity {
    long rank;         /* -1 outside MPI and Slurm steps */
    char host[256];    /* the Slurm node it runs on inside a job, else the
                          host name (see node_name.h) */
    char job[64];      /* as sacct writes it: "123.0", "77_3.0", "" */
    char job_id[24];   /* %j: SLURM_JOB_ID */
    char step_id[24];  /* %s: "0", "batch", "extern", ... */
    char task_id[24];  /* %t: SLURM_PROCID, or the rank an MPI launcher gave */
    char user[64];     /* %u, filled only when the output pattern needs it */
    char program[256]; /* the program's name (see hl_identity_load) */
    pid_t ppid;        /* the parent, at start */
};

extern struct hl_identity hl_identity;

/* At start, and after each exec. */
void hl_identity_load(int want_user);

/* In a forked child: its parent is its own (its program is the same). */
void hl_identity_after_fork(void);

/* The record's columns that say who process pid is: rank, host, pid, job,
 * program and ppid (pointing into id). */
void hl_identity_to_record(const struct hl_identity *id, pid_t pid,
                           struct hl_record_row *row);

#endif

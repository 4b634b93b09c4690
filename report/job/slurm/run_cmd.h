/* Running Slurm commands under one deadline: a dead slurmdbd or slurmctld
 * must never hang the report, and commands that can run at the same time
 * (sacct and scontrol) do. */
#ifndef HEAPLINE_REPORT_RUN_CMD_H
#define HEAPLINE_REPORT_RUN_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "child.h"

/* The output a command may leave; more is read and dropped. */
#define HL_CMD_OUT_MAX 16384

struct hl_cmd {
    pid_t pid;  /* 0 when not running */
    int fd;     /* the read end of its stdout, -1 at its end */
    size_t len; /* bytes of out */
    int status; /* once ended: its exit status, -1 if it could not start,
                   was killed or died by a signal */
    bool ended; /* since the last hl_cmd_start */
    char out[HL_CMD_OUT_MAX]; /* its stdout, '\0'-terminated */
};

/* Starts argv[0], found on PATH, in its own process group, stdin and
 * stderr on /dev/null. Returns 0, or -1 (then c->ended, status -1). */
int hl_cmd_start(struct hl_cmd *c, char *const argv[]);

/* Reads what the running commands of cmds[0..n) write until one of them
 * ends (its out, status and ended set; it is reaped) or until the
 * monotonic time wake_ms (hl_now_ms). Returns that command's index, or -1 at
 * wake_ms or when none runs. */
int hl_cmd_wait(struct hl_cmd *cmds, size_t n, int64_t wake_ms);

/* Kills a running command's whole group and reaps it (status -1). */
void hl_cmd_stop(struct hl_cmd *c);

#endif

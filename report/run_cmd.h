/* Running a Slurm command with a deadline: a dead slurmdbd or slurmctld
 * must never hang the report. */
#ifndef HEAPLINE_REPORT_RUN_CMD_H
#define HEAPLINE_REPORT_RUN_CMD_H

#include <stddef.h>

/* Runs argv[0], found on PATH, in its own process group, stdin and stderr
 * on /dev/null, and keeps up to cap - 1 bytes of its stdout in buf (ending
 * in '\0'). After timeout_ms it kills the whole group. Returns the exit
 * status, or -1 when it could not start, was killed or timed out. */
int hl_run_capture(char *const argv[], int timeout_ms, char *buf, size_t cap,
                   size_t *len);

#endif

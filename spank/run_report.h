/* Running the aggregator, heapline-report, from srun at step end. */
#ifndef HL_SPANK_RUN_REPORT_H
#define HL_SPANK_RUN_REPORT_H

#include <stddef.h>

/*
 * Runs argv[0] with argv, its standard output going to the file out_name
 * in the folder dirfd (created or replaced, not through a symlink), its
 * standard error to ours. Kills it after timeout_s seconds. Returns 0 once
 * it exited with status 0, else -1 with the reason in why.
 */
int hl_run_report(char *const argv[], int dirfd, const char *out_name,
                  unsigned timeout_s, char *why, size_t why_size);

/* Copies the file name in dirfd to descriptor fd; 0 or -1. */
int hl_copy_file(int dirfd, const char *name, int fd);

#endif

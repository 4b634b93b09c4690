/* Running the aggregator, heapline-report, from srun at step end. */
#ifndef HL_SPANK_RUN_REPORT_H
#define HL_SPANK_RUN_REPORT_H

#include <stddef.h>

/*
 * Runs argv[0] with argv, its standard output going to the file out_name
 * in the folder dirfd, its standard error to ours. The output is written
 * under a hidden name first, then renamed: out_name appears complete or
 * not at all, and a report reading the folder never reads its own output.
 * Kills it after timeout_s seconds. Returns its exit status (0 or 1: the
 * report was written, 1 meaning some inputs were skipped), or -1 with the
 * reason in why if no report was written.
 */
int hl_run_report(char *const argv[], int dirfd, const char *out_name,
                  unsigned timeout_s, char *why, size_t why_size);

/* Copies the file name in dirfd to descriptor fd; 0 or -1. */
int hl_copy_file(int dirfd, const char *name, int fd);

#endif

/* Running the aggregator, heapline-report, from srun at step end. */
#ifndef HL_SPANK_RUN_REPORT_H
#define HL_SPANK_RUN_REPORT_H

#include <stddef.h>

/*
 * Runs argv[0] with argv in a process group of its own. Its standard
 * output goes to the file out_name in the folder dirfd, written under a
 * hidden name first, then copied to copy_fd and renamed: out_name appears
 * complete or not at all, and a report reading the folder never reads its
 * own output. Its standard error reaches ours through a pipe that we stop
 * reading at the deadline, so that nothing it leaves behind can hold our
 * standard error. After timeout_s seconds, or as soon as it has exited,
 * its whole process group is killed.
 *
 * Returns 0 (a report), 1 (a report, but some inputs were skipped: the
 * report's exit status 1), or -1 with the reason in why when no report was
 * written: it failed (any other status, or 1 with no output), was killed,
 * or did not end in time.
 */
int hl_run_report(char *const argv[], int dirfd, const char *out_name,
                  unsigned timeout_s, int copy_fd, char *why, size_t why_size);

#endif

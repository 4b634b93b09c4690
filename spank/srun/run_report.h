/* Running the aggregator, heapline-report, from srun at step end. */
#ifndef HL_SPANK_RUN_REPORT_H
#define HL_SPANK_RUN_REPORT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The report's outputs in the step folder. Each is written under a hidden
 * name first (".report.txt.tmp") and renamed when the report has ended:
 * it appears complete or not at all, and a report reading the folder
 * never reads its own output.
 */
struct hl_report_files {
    const char *text; /* its standard output, kept under this name */
    /* The file it writes on descriptor HL_REPORT_PAGE_FD (its argv names
     * HL_REPORT_PAGE_PATH), kept under this name if it wrote anything;
     * NULL: no such descriptor. */
    const char *page;
    bool page_kept; /* set by hl_run_report */
};

/* The report's page descriptor, and its name for the report's --html=. */
#define HL_REPORT_PAGE_FD 3
#define HL_REPORT_PAGE_PATH "/proc/self/fd/3"

/*
 * Runs argv[0] with argv in a process group of its own, its outputs going
 * to files->text and files->page in the folder dirfd; its standard output
 * is then copied to copy_fd. Its standard error reaches ours through a
 * pipe that we stop reading at the deadline, so that nothing it leaves
 * behind can hold our standard error. After timeout_s seconds, or as soon
 * as it has exited, its whole process group is killed.
 *
 * Returns 0 (a report), 1 (a report, but some inputs were skipped: the
 * report's exit status 1), or -1 with the reason in why when no report was
 * written: it failed (any other status, or 1 with no output), was killed,
 * or did not end in time, or a hidden name holds what is not a regular
 * file of ours.
 */
int hl_run_report(char *const argv[], int dirfd, struct hl_report_files *files,
                  unsigned timeout_s, int copy_fd, char *why, size_t why_size);

#endif

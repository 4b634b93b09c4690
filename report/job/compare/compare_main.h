/* heapline-report --compare OLD NEW: both runs read, compared, printed in
 * the format asked for, and the exit status a code's CI can act on. */
#ifndef HEAPLINE_REPORT_COMPARE_MAIN_H
#define HEAPLINE_REPORT_COMPARE_MAIN_H

#include "job/cli.h"

/* Returns the exit status: 0, 1 when some input was skipped, 2 when
 * nothing could be compared, 3 when a figure grew by more than
 * --fail-if-grown. */
int hl_compare_main(const struct hl_options *opt);

#endif

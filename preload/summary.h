/* The summary line at exit:
 * "heapline: 4154 allocs, 4125 frees, peak 288.2 MiB, live at exit 400.2 KiB"
 */
#ifndef HEAPLINE_SUMMARY_H
#define HEAPLINE_SUMMARY_H

#include "counters.h"

void hl_summary_write(const struct hl_figures *f);

#endif

/* The summary line at exit:
 * "heapline: 1452 allocs, 1429 frees, peak 287.9 MiB, live at exit 394.2
 * KiB, VmHWM 295.2 MiB" (VmHWM left out when /proc cannot tell it). */
#ifndef HEAPLINE_SUMMARY_H
#define HEAPLINE_SUMMARY_H

#include "alloc/counters.h"
#include "procstatus.h"

void hl_summary_write(const struct hl_figures *f, const struct hl_memory *mem);

#endif

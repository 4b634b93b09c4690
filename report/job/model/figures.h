/* The figures as every output format writes them, so text and JSON agree. */
#ifndef HEAPLINE_REPORT_FIGURES_H
#define HEAPLINE_REPORT_FIGURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aggregate.h"
#include "procs.h"

/* "0.0": milliseconds as seconds with one decimal, rounded half up. */
void hl_fmt_tenths(int64_t ms, char buf[32]);

/* A resolution for people: "32 ms" below a second, else "2.0 s". */
void hl_fmt_span(int64_t ms, char buf[32]);

/* "0.015": milliseconds as seconds with three decimals. */
void hl_fmt_ms(int64_t ms, char buf[32]);

/* "26.20": a ratio with two decimals, "-" when the divisor is 0. */
void hl_fmt_ratio(uint64_t num, uint64_t den, char buf[32]);

/* A process's heap figures for people, as a table or a list shows them:
 * its peak (">= 400.0 MiB" when cut short), the time of its peak and
 * heap / VmHWM; "unknown", "-" and "-" when its peak is not known
 * (hl_proc_heap_unknown). */
struct hl_heap_text {
    char peak[32], at[32], ratio[32];
};
void hl_fmt_heap(const struct hl_proc *p, struct hl_heap_text *h);

/* A process's VmHWM for people: in a table, ">= 23.1 MiB" when it is a
 * lower bound (hl_proc_hwm_stale); in the list of what did not exit
 * normally (cut_list), whose heading says they are, "103.0 MiB (its
 * task's cgroup)" when the exit file gave it instead. */
void hl_fmt_hwm(const struct hl_proc *p, bool cut_list, char buf[64]);

/* Who a process is, in a few words: "rank 3", or for a process of no rank
 * (every process outside MPI) by program and pid, "cc1 (pid 2245)" ("pid
 * 2245" when its record names no program), never "rank -1". */
void hl_fmt_name(const struct hl_procset *set, const struct hl_proc *p,
                 char *buf, size_t size);

/* The same and its host, for a chart's label: "rank 3 on node01", "cc1
 * (pid 2245) on node01". */
void hl_fmt_who(const struct hl_procset *set, const struct hl_proc *p,
                char *buf, size_t size);

/* The same with its pid, for a process listed alone: "rank 3 on node01,
 * pid 2245", "cc1 (pid 2245) on node01". */
void hl_fmt_who_pid(const struct hl_procset *set, const struct hl_proc *p,
                    char *buf, size_t size);

/* A process's parent for people: its pid, "-" when its record has none. */
void hl_fmt_ppid(const struct hl_proc *p, char buf[16]);

/* Whether sacct's sampled MaxRSS is clearly below heapline's VmHWM, so that
 * a peak fell between its samples: by more than 1 MiB and 1%, since the two
 * figures of one steady process differ by a few pages of sampling noise. */
int hl_sacct_missed_peak(uint64_t maxrss, uint64_t vmhwm);

/* Percent rounded to a whole number. */
uint64_t hl_percent(uint64_t part, uint64_t whole);

/* How a process ended, for people: "killed by signal 9 (SIGKILL)", "killed:
 * out of memory (limit 100.0 MiB)" (limit 0: not known), "did not exit
 * normally", "" for a normal exit. */
void hl_fmt_end(const struct hl_proc *p, uint64_t limit, char buf[64]);

/* What a node's need was taken from, for people: "true peak",
 * "concurrent RSS", "VmHWM of one process", "sum of VmHWM". */
const char *hl_used_name(enum hl_used_from from);

/* The same for JSON and CSV: "exit", "killed", "unfinished" or
 * "sigpipe". */
const char *hl_end_word(uint8_t signal, enum hl_end end);

#endif

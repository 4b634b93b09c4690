/* The provisional record: what survives a process that never exits
 * normally (SIGKILL, the OOM killer, a crash, a time limit).
 *
 * At start, the record file is created at once, holding a record with an
 * extra last column, end = "unfinished", and its figures zero-padded to a
 * fixed width. Its page stays mapped shared, and its figures are rewritten
 * in place at peak milestones: when the peak has grown by 1% or 1 MiB
 * (whichever is larger) since it was last written. A killed process leaves
 * the figures of its last milestone; a normal end replaces the file with
 * the exact format-1 record (record.h). See doc/format.md. */
#ifndef HEAPLINE_PROVISIONAL_H
#define HEAPLINE_PROVISIONAL_H

#include "alloc/counters.h"
#include "procstatus.h"
#include "timeline/timeline.h"

#include <sys/types.h>

#pragma GCC visibility push(hidden)

/* Creates the provisional record of process pid, with the heap figures
 * f, at its path (output_path.h), if that is a regular file (or nothing
 * yet) that can be created; silent otherwise: the record written at exit
 * will say what is wrong. */
void hl_provisional_start(pid_t pid, const struct hl_figures *f);

/* In a forked child: the parent's page is left to the parent, and the
 * child starts a provisional record of its own. */
void hl_provisional_after_fork(pid_t pid, const struct hl_figures *f);

/* Writes the figures f into the page; called by counting at peak
 * milestones (milestones.h), from any thread, in the allocator's path: no
 * allocation, no lock waited for, errno kept. */
void hl_provisional_publish(const struct hl_figures *f)
    __attribute__((cold, noinline));

/* Writes the points of tl from index from on into the page's timeline
 * field, and blanks the slots after them; from the thread that holds the
 * timeline (timeline_live.c). Returns 0, or -1 when there is no page or
 * another thread is writing it: the caller tries again at its next note. */
int hl_provisional_put_timeline(const struct hl_timeline *tl, size_t from);

/* Writes the largest of each reading of Pss (-1: none yet) into the
 * page's columns; from the thread that holds the timeline. Returns 0, or
 * -1 as hl_provisional_put_timeline. */
int hl_provisional_put_shared(const struct hl_shared *peak);

/* At a normal end, before the final record replaces it: no more updates
 * (the page stays mapped: a thread may still be writing it). */
void hl_provisional_stop(void);

/* Before exec (in the process that owns the record, not a vfork child):
 * the image replaced is not a process that died, so its provisional record
 * is removed; after an exec that failed, it is made again (1: made here,
 * its timeline field blank until the timeline's points are put again). */
void hl_provisional_before_exec(void);
int hl_provisional_after_failed_exec(void);

#pragma GCC visibility pop

#endif

/* The refresher: a small process, heapline-refresh (refresh_main.c), that
 * keeps the provisional record's VmHWM, VmRSS and elapsed time fresh while
 * the process lives, four times a second, and writes the elapsed time once
 * more when it dies. A process killed (SIGKILL, the OOM killer, a time
 * limit) then leaves the figures of its last quarter of a second, not
 * those of its last heap milestone, which may be minutes old: a program
 * that touches its memory long after allocating it.
 *
 * Not a thread of the process: a thread would show among the program's
 * threads, turn off glibc's and the library's single-threaded paths
 * (__libc_single_threaded), and make calls that need a single thread fail
 * (unshare(CLONE_NEWUSER)); not a timer signal either, which would cut the
 * program's sleeps short. Not a child of the process either: the kernel
 * gives a child that has called exec an exit signal of SIGCHLD, whatever
 * clone said, so waitpid(-1) would reap it or wait for it. It is started
 * by a middle child that exits once it has executed the small static
 * program (the process goes on meanwhile, and reaps the middle child
 * later, by pid), and runs as an orphan: no SIGCHLD, nothing for wait(), none
 * of the program's files; it ignores the signals sent to the program's
 * process group (Ctrl-C, a time limit's SIGTERM), to write the figures of
 * the program's last moment, and ends when the program does. Not in a
 * process that orphans come back to (pid 1, a subreaper).
 *
 * Every process that has a provisional record gets one, started with the
 * record: a process cannot know at its start whether it will live long,
 * and nothing but an allocation runs the library later (a program that
 * allocates its memory in its first second and touches it for hours
 * never calls it again). It writes VmHWM, VmRSS and the elapsed time from
 * HL_REFRESH_FROM_NS of the process's life on, the library's milestones
 * before (so that the two never write at once), and the elapsed time at
 * the process's death whenever it comes: the end of a process killed
 * young is its death, not its last milestone. One start of a small static
 * program per process is the price of figures that are fresh whatever the
 * program does.
 *
 * It is stopped before exec and at a normal end. A forked child starts its
 * own with its own record. */
#ifndef HEAPLINE_REFRESH_H
#define HEAPLINE_REFRESH_H

#include "record_format.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The columns that the refresher writes, and the library then leaves. */
#define HL_REFRESH_COLUMNS                                                     \
    (HL_EMPTY(HL_REC_elapsed_ms) | HL_EMPTY(HL_REC_vmhwm) |                    \
     HL_EMPTY(HL_REC_vmrss_at_exit))

/* From this much of the process's life on, the refresher writes the
 * HL_REFRESH_COLUMNS; the library's milestones write them until
 * HL_REFRESH_LIBRARY_UNTIL_NS, a margin before, so that a milestone begun
 * just before the refresher's first write is over by then. */
#define HL_REFRESH_FROM_NS 1000000000
#define HL_REFRESH_LIBRARY_UNTIL_NS 900000000

/* At start: where heapline-refresh is, from where this library is. */
void hl_refresh_init(void);

/* Starts the refresher of process pid (started at start_ns on
 * CLOCK_MONOTONIC) on the record file fd (which it gets as its fd 3), its
 * figures at offset[HL_REC_...], without waiting for it to run. Returns 0,
 * or -1 when it could not be started (it is not tried again). */
int hl_refresh_start(int fd, pid_t pid, int64_t start_ns, const size_t *offset);

/* Whether a refresher writes the HL_REFRESH_COLUMNS now, elapsed_ns into
 * the process's life. */
int hl_refresh_writes(int64_t elapsed_ns);

/* Stops it (SIGKILL): before exec and at a normal end. */
void hl_refresh_stop(void);

/* In a forked child: the parent's refresher is not its own. */
void hl_refresh_after_fork(void);

#endif

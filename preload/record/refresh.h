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
 * by a middle child that exits at once (vfork and exec of a small static
 * program), and runs as an orphan: no SIGCHLD, nothing for wait(), none
 * of the program's files; it ignores the signals sent to the program's
 * process group (Ctrl-C, a time limit's SIGTERM), to write the figures of
 * the program's last moment, and ends when the program does. Not in a
 * process that orphans come back to (pid 1, a subreaper).
 *
 * It is started lazily (hl_refresh_due), and stopped before exec and at a
 * normal end. A fork needs nothing: the parent keeps its refresher, the
 * child has none and starts its own by the same rule. */
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

/* Whether the refresher is worth a process, at a heap milestone of a
 * process that has lived elapsed_ns and whose live heap exceeds its
 * resident set by unresident bytes: once it has lived a second, so that
 * the short processes of a build or of a shell script, thousands of them,
 * start none; sooner when so much of its heap is not resident yet that
 * its VmHWM may grow far past the record's with no further milestone (a
 * block allocated at once, touched later), where one process start costs
 * little beside the page faults to come. Checked at milestones only: a
 * process whose heap stops growing before its first second never gets
 * one, and no timer is needed. */
int hl_refresh_due(int64_t elapsed_ns, int64_t unresident);

/* At start: where heapline-refresh is, from where this library is. */
void hl_refresh_init(void);

/* Starts the refresher of process pid (started at start_ns on
 * CLOCK_MONOTONIC) on the record file fd (which it gets as its fd 3), its
 * figures at offset[HL_REC_...]. Returns 0, or -1 when it could not be
 * started (it is not tried again). */
int hl_refresh_start(int fd, pid_t pid, int64_t start_ns, const size_t *offset);

/* Whether a refresher writes the HL_REFRESH_COLUMNS. */
int hl_refresh_running(void);

/* Stops it (SIGKILL): before exec and at a normal end. */
void hl_refresh_stop(void);

/* In a forked child: the parent's refresher is not its own. */
void hl_refresh_after_fork(void);

#endif

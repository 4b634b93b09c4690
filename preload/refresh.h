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
 * program's sleeps short. A child process started with no exit signal
 * (clone, exit signal 0) is none of the program's business: wait() and
 * waitpid(-1) do not see it, no SIGCHLD comes, and it holds none of the
 * program's files. It is started lazily, at the first heap milestone after
 * start (a process that grows its heap by 1 MiB), by vfork and exec of a
 * small static program, and stopped before exec and at a normal end. */
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

/* At start: where heapline-refresh is, from where this library is. */
void hl_refresh_init(void);

/* Starts the refresher of process pid (started at start_ns on
 * CLOCK_MONOTONIC) on the record file fd (which it gets as its fd 3), its
 * figures at offset[HL_REC_...]. Returns 0, or -1 when it could not be
 * started (it is not tried again). */
int hl_refresh_start(int fd, pid_t pid, int64_t start_ns, const size_t *offset);

/* Whether a refresher writes the HL_REFRESH_COLUMNS. */
int hl_refresh_running(void);

/* Stops it (SIGKILL), and with reap waits for it: before exec, so that
 * the new image has no child it does not know of. */
void hl_refresh_stop(int reap);

/* In a forked child: the parent's refresher is not its own. */
void hl_refresh_after_fork(void);

#endif

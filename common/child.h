/*
 * Children waited for with a deadline: the plugin's (the exit and node
 * file writer in slurmstepd, the report in srun) and heapline-report's
 * (sacct and scontrol), so that a hung file system, report or Slurm never
 * holds a Slurm daemon, srun or the report; each child starts with no
 * descriptor of its parent's but those it is given. (The library's
 * refresher is another kind of child: started with clone() from inside
 * the measured process, never waited for.)
 */
#ifndef HEAPLINE_COMMON_CHILD_H
#define HEAPLINE_COMMON_CHILD_H

#include <stdint.h>
#include <sys/types.h>

/* How long a killed child may take to die. */
#define HL_KILL_GRACE_MS 1000

/* Milliseconds of the monotonic clock, for deadlines. */
int64_t hl_now_ms(void);

/*
 * Waits for pid until the monotonic time deadline_ms. Returns 0 with its
 * wait status in *status, or -1 with errno ETIMEDOUT (the child still runs)
 * or the error of waitpid.
 */
int hl_child_wait(pid_t pid, int64_t deadline_ms, int *status);

/*
 * Kills pid with SIGKILL (its whole process group if group is set, as
 * after setpgid(pid, pid)) and reaps it, waiting at most grace_ms: a child
 * stuck in the kernel (a hung NFS server) cannot die at once and is then
 * left to be reaped later by whoever waits for any child. Returns 0 if it
 * was reaped, -1 if not.
 */
int hl_child_kill(pid_t pid, int group, unsigned grace_ms, int *status);

/*
 * In a child after fork(): closes every descriptor from 3 up, except the
 * nkeep of keep. Async-signal-safe.
 */
void hl_child_close_fds(const int *keep, int nkeep);

/*
 * The end of a child that reports an errno value as its exit status: that
 * value, 0, or EINTR when a signal ended it. At timeout_ms, the child is
 * killed and ETIMEDOUT returned.
 */
int hl_child_errno(pid_t pid, unsigned timeout_ms);

#endif

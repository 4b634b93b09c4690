/* Who owns a record path in a tree of processes.
 *
 * Without %p in HEAPLINE_OUTPUT, every process that a measured program
 * starts expands the same path. The first process owns it; a process that
 * finds there the provisional record of another live process of this host
 * (its parent, most often: a shell, make, mpirun) writes its own record
 * beside it, at PATH.PID, and so does every child forked from a process
 * that writes beside. A record at the path that is final, or of a process
 * that is gone, is replaced, as a run of the same command again expects,
 * but for the final record of a process of the same pid: the kernel reuses
 * pids once pid_max wraps, and with %p in the path a long run's process
 * would replace that of another. See doc/format.md. */
#ifndef HEAPLINE_PATH_OWNER_H
#define HEAPLINE_PATH_OWNER_H

#include <sys/types.h>

/* Whether path holds the provisional record of a live process of host
 * other than self, or the final record of another process of host that had
 * self's pid. */
int hl_path_held_by_other(const char *path, const char *host, pid_t self);

#endif

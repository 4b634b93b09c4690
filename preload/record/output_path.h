/* The record's path: HEAPLINE_OUTPUT with the pattern letters of srun
 * --output expanded (common/pattern_expand.h):
 *   %j job id   %s step id   %t task id   %N node name   %u user
 *   %p pid      %r rank      %%  a '%'
 * A number between '%' and the letter zero-pads a numeric value to that
 * width (%4t -> 0007). Ids that do not exist expand to nothing; any other
 * letter is kept as written. A process that finds its path taken by a
 * live process of its tree writes beside it (path_owner.h).
 *
 * The paths are made once, at start (again in a forked child), so that
 * the exit path has nothing to expand and no path on its stack. */
#ifndef HEAPLINE_OUTPUT_PATH_H
#define HEAPLINE_OUTPUT_PATH_H

#include "process/identity.h"

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

/* Expands pattern for process pid of identity id into out[0..cap).
 * Returns 0, or -1 if the result does not fit. */
int hl_output_pattern_expand(const char *pattern, const struct hl_identity *id,
                             pid_t pid, char *out, size_t cap);

struct hl_record_paths {
    int ready;  /* both paths are set; 0 when too long or no record file */
    int beside; /* path is the expanded pattern with ".PID" added */
    char path[PATH_MAX];
    char temp[PATH_MAX]; /* ".NAME.heapline-PID" in path's folder, where a
                            record is written before it is renamed */
};

extern struct hl_record_paths hl_paths;

/* Sets hl_paths for process pid, when HEAPLINE_OUTPUT names a file; forked
 * is set in a child just forked, which writes beside its parent's path if
 * the parent did. */
void hl_record_paths_set(pid_t pid, int forked);

#endif

/* The record's path: HEAPLINE_OUTPUT with the pattern letters of srun
 * --output expanded (common/pattern_expand.h):
 *   %j job id   %s step id   %t task id   %N node name   %u user
 *   %p pid      %r rank      %%  a '%'
 * A number between '%' and the letter zero-pads a numeric value to that
 * width (%4t -> 0007). Ids that do not exist expand to nothing; any other
 * letter is kept as written. */
#ifndef HEAPLINE_OUTPUT_PATH_H
#define HEAPLINE_OUTPUT_PATH_H

#include "identity.h"

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

/* Expands pattern for process pid of identity id into out[0..cap).
 * Returns 0, or -1 if the result does not fit. */
int hl_output_pattern_expand(const char *pattern, const struct hl_identity *id,
                             pid_t pid, char *out, size_t cap);

/* The record path of process pid, HEAPLINE_OUTPUT expanded: 0, or -1 when
 * it is too long. */
int hl_record_path(pid_t pid, char path[PATH_MAX]);

#endif

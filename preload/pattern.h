/* Expansion of the HEAPLINE_OUTPUT pattern, as srun --output does:
 *   %j job id   %s step id   %t task id   %N node name   %u user
 *   %p pid      %r rank      %%  a '%'
 * A number between '%' and the letter zero-pads a numeric value to that
 * width (%4t -> 0007). Ids that do not exist expand to nothing; any other
 * letter is kept as written. */
#ifndef HEAPLINE_PATTERN_H
#define HEAPLINE_PATTERN_H

#include "identity.h"

#include <stddef.h>
#include <sys/types.h>

/* Returns 0, or -1 if the result does not fit in cap bytes. */
int hl_pattern_expand(const char *pattern, const struct hl_identity *id,
                      pid_t pid, char *out, size_t cap);

#endif

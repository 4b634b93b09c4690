/*
 * Slurm filename patterns in the output folder of a step: %j (job id),
 * %s (step id), %J (job.step), %u (user name) and %%, expanded by
 * common/pattern_expand.h. Letters that vary per node or task (%N, %t...)
 * are refused: srun must find every record of the step in one folder.
 */
#ifndef HL_SPANK_PATTERN_H
#define HL_SPANK_PATTERN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct hl_ids {
    uint32_t job;
    uint32_t step;
    const char *user;
};

/* Returns 0 if every % letter is known, else -1 with a reason in why. */
int hl_pattern_check(const char *pattern, char *why, size_t why_size);

/* Expands pattern into out; -1 on an unknown letter or if out is too small. */
int hl_folder_pattern_expand(const char *pattern, const struct hl_ids *ids,
                             char *out, size_t out_size);

/* The user name that %u stands for (the uid in digits if unknown). */
void hl_user_name(uid_t uid, char *out, size_t out_size);

#endif

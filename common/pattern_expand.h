/* The letters of the filename patterns that heapline expands, as srun
 * --output does: HEAPLINE_OUTPUT in the library, the step folder (dir=,
 * --heapline=DIR) in the plugin. Each part gives the values of the letters
 * it allows, and how strictly to read the rest. */
#ifndef HEAPLINE_COMMON_PATTERN_EXPAND_H
#define HEAPLINE_COMMON_PATTERN_EXPAND_H

#include <stddef.h>

enum hl_pattern_letter {
    HL_PAT_JOB,      /* %j: the Slurm job id */
    HL_PAT_STEP,     /* %s: the Slurm step id */
    HL_PAT_JOB_STEP, /* %J: job.step */
    HL_PAT_TASK,     /* %t: the Slurm task id */
    HL_PAT_NODE,     /* %N: the node name */
    HL_PAT_USER,     /* %u: the user name */
    HL_PAT_PID,      /* %p: the process id */
    HL_PAT_RANK,     /* %r: the rank */
    HL_PAT_NLETTERS
};

/* The letter of each, in the enum's order. */
extern const char hl_pattern_letters[HL_PAT_NLETTERS + 1];

/* value[l]: what letter l becomes ("" when it has no value here: it
 * expands to nothing), or NULL when the part does not allow it. */
struct hl_pattern_values {
    const char *value[HL_PAT_NLETTERS];
};

enum hl_pattern_mode {
    /* A number between '%' and the letter zero-pads a numeric value to
     * that width (%4t gives 0007); a letter not allowed, and a lone '%' at
     * the end, are kept as written. */
    HL_PATTERN_LENIENT,
    /* Only %% and the allowed letters, with no width: anything else is an
     * error. */
    HL_PATTERN_STRICT,
};

/* Expands pattern into out[0..cap) with no allocation and no stdio.
 * Returns 0, or -1 when the result does not fit or, in strict mode, the
 * pattern holds a '%' that hl_pattern_bad() would name. */
int hl_pattern_expand(const char *pattern, const struct hl_pattern_values *v,
                      enum hl_pattern_mode mode, char *out, size_t cap);

/* For strict mode: the first '%' of pattern that starts neither %% nor an
 * allowed letter (a lone '%' at the end included), or NULL. */
const char *hl_pattern_bad(const char *pattern,
                           const struct hl_pattern_values *v);

#endif

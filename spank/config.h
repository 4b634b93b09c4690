/* The plugstack.conf arguments of the heapline SPANK plugin. */
#ifndef HL_SPANK_CONFIG_H
#define HL_SPANK_CONFIG_H

#include <limits.h>
#include <stdbool.h>

struct hl_config {
    char lib[PATH_MAX];    /* libheapline.so preloaded into each task */
    char report[PATH_MAX]; /* heapline-report run by srun at step end */
    char dir[PATH_MAX];    /* where step folders go, a filename pattern */
    bool default_on;       /* measure every step without --heapline */
    bool quiet;            /* HEAPLINE_QUIET=1 in each task */
    bool run_report;       /* srun runs the report at step end */
    unsigned timeout_s;    /* longest wait for the report */
};

/* Receives one complete message per problem found in the arguments. */
typedef void (*hl_warn_fn)(const char *msg);

/* Fills in the built-in defaults (the configured install paths). */
void hl_config_defaults(struct hl_config *cfg);

/*
 * Applies plugstack.conf arguments (key=value) over the current values.
 * A bad argument is reported through warn and leaves its setting
 * unchanged, so that a typo never stops a job. Returns the number of bad
 * arguments.
 */
int hl_config_parse(struct hl_config *cfg, int argc, char **argv,
                    hl_warn_fn warn);

/* Parses on/off, yes/no, true/false, 1/0; returns -1 for anything else. */
int hl_parse_bool(const char *word);

#endif

/*
 * What the user asked for with --heapline[=DIR], --heapline=off and
 * --no-heapline, and whether that, with the site's default, measures.
 */
#ifndef HL_SPANK_REQUEST_H
#define HL_SPANK_REQUEST_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "plugin_args.h"

enum hl_switch { HL_UNSET, HL_ON, HL_OFF };

struct hl_request {
    enum hl_switch sw;
    char dir[PATH_MAX]; /* the user's DIR pattern, empty for the site's */
};

/*
 * Applies one --heapline[=ARG] (off == false) or --no-heapline (off ==
 * true). Slurm may call it more than once for one option (NULL, then ""),
 * so it only ever sets the state an argument describes. Returns 0, or -1
 * with a reason in why when ARG is not a valid folder pattern.
 */
int hl_request_apply(struct hl_request *req, bool off, const char *arg,
                     char *why, size_t why_size);

/* Whether the step is measured: the user's switch, else the site's. */
bool hl_request_enabled(const struct hl_request *req,
                        const struct hl_plugin_args *cfg);

/* The folder pattern in force: the user's DIR, else the site's dir=. */
const char *hl_request_dir(const struct hl_request *req,
                           const struct hl_plugin_args *cfg);

#endif

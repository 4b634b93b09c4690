/* The user's --heapline switch (see request.h). */
#include "request.h"

#include <stdio.h>
#include <string.h>

#include "pattern.h"

/*
 * sbatch and salloc pass an option given without argument to the job's
 * steps as the text "(null)" (SLURM_SPANK__SLURM_SPANK_OPTION_*).
 */
static bool _no_argument(const char *arg)
{
    return !arg || !arg[0] || strcmp(arg, "(null)") == 0;
}

int hl_request_apply(struct hl_request *req, bool off, const char *arg,
                     char *why, size_t why_size)
{
    int b;

    if (_no_argument(arg))
        arg = NULL;
    b = arg ? hl_parse_bool(arg) : -1;

    if (off || b == 0) {
        req->sw = HL_OFF;
        return 0;
    }
    req->sw = HL_ON;
    if (!arg || b == 1)
        return 0;
    if (strlen(arg) >= sizeof(req->dir)) {
        snprintf(why, why_size, "--heapline=DIR: the folder name is too long");
        return -1;
    }
    if (hl_pattern_check(arg, why, why_size) < 0)
        return -1;
    snprintf(req->dir, sizeof(req->dir), "%s", arg);
    return 0;
}

bool hl_request_enabled(const struct hl_request *req,
                        const struct hl_plugin_args *cfg)
{
    if (req->sw == HL_UNSET)
        return cfg->default_on;
    return req->sw == HL_ON;
}

const char *hl_request_dir(const struct hl_request *req,
                           const struct hl_plugin_args *cfg)
{
    return req->dir[0] ? req->dir : cfg->dir;
}

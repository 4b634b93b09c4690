/* The user's --heapline switch (see request.h). */
#include "request.h"

#include <stdio.h>
#include <string.h>

#include "pattern.h"

int hl_request_apply(struct hl_request *req, bool off, const char *arg,
                     char *why, size_t why_size)
{
    int b = arg && arg[0] ? hl_parse_bool(arg) : -1;

    if (off || b == 0) {
        req->sw = HL_OFF;
        return 0;
    }
    req->sw = HL_ON;
    if (!arg || !arg[0] || b == 1)
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
                        const struct hl_config *cfg)
{
    if (req->sw == HL_UNSET)
        return cfg->default_on;
    return req->sw == HL_ON;
}

const char *hl_request_dir(const struct hl_request *req,
                           const struct hl_config *cfg)
{
    return req->dir[0] ? req->dir : cfg->dir;
}

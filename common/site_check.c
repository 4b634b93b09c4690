/* The bounds of a site line (see site_format.h). */
#include "site_format.h"

#include <string.h>

static int _too_big(const struct hl_site_row *row, int column, uint64_t v,
                    uint64_t max)
{
    return !(row->empty & HL_EMPTY(column)) && v > max;
}

int hl_site_row_check(const struct hl_site_row *row)
{
    if (strlen(row->host) > HL_SITE_MAX_TEXT)
        return HL_SITE_host;
    if (strlen(row->user) > HL_SITE_MAX_TEXT)
        return HL_SITE_user;
    if (strlen(row->account) > HL_SITE_MAX_TEXT)
        return HL_SITE_account;
    if (strlen(row->partition) > HL_SITE_MAX_TEXT)
        return HL_SITE_partition;
    if (row->job_name && strlen(row->job_name) > HL_SITE_MAX_TEXT)
        return HL_SITE_job_name;
    if (row->end < 0)
        return HL_SITE_end;
    if (row->job > UINT32_MAX)
        return HL_SITE_job;
    if (row->step > UINT32_MAX)
        return HL_SITE_step;
    if (_too_big(row, HL_SITE_request, row->request, HL_SITE_MAX_BYTES))
        return HL_SITE_request;
    if (_too_big(row, HL_SITE_cgroup_peak, row->cgroup_peak, HL_SITE_MAX_BYTES))
        return HL_SITE_cgroup_peak;
    if (_too_big(row, HL_SITE_vmhwm_sum, row->vmhwm_sum, HL_SITE_MAX_BYTES))
        return HL_SITE_vmhwm_sum;
    if (_too_big(row, HL_SITE_oom_kills, row->oom_kills, HL_SITE_MAX_TASKS))
        return HL_SITE_oom_kills;
    if (row->tasks > HL_SITE_MAX_TASKS)
        return HL_SITE_tasks;
    if (row->elapsed < 0 || row->elapsed > HL_SITE_MAX_ELAPSED_MS)
        return HL_SITE_elapsed;
    if (_too_big(row, HL_SITE_concurrent_peak, row->concurrent_peak,
                 HL_SITE_MAX_BYTES))
        return HL_SITE_concurrent_peak;
    return -1;
}

#include "exit_file.h"

#include <stdint.h>
#include <string.h>

#include "exit_format.h"
#include "format_read.h"

bool hl_is_exit_file(const char *buf, size_t len)
{
    return hl_format_claims(&hl_exit_format, buf, len);
}

/* A row of an exit file, as the report keeps it: HL_ROW_GOOD,
 * HL_ROW_NOMEM, or the column it refuses. */
static int _store(void *ctx, const void *row)
{
    struct hl_procset *set = ctx;
    const struct hl_exit_row *r = row;
    struct hl_task_exit *x;
    bool has_code = !(r->empty & HL_EMPTY(HL_EXIT_exit_code));
    bool has_signal = !(r->empty & HL_EMPTY(HL_EXIT_signal));

    if (r->task > UINT32_MAX)
        return HL_EXIT_task;
    if (r->pid > UINT32_MAX)
        return HL_EXIT_pid;
    if (r->status == HL_STATUS_SIGNALED &&
        (!has_signal || r->signal < 1 || r->signal > 255))
        return HL_EXIT_signal;
    if (r->status == HL_STATUS_EXITED && (!has_code || r->exit_code > 255))
        return HL_EXIT_exit_code;
    if (!(r->empty & HL_EMPTY(HL_EXIT_oom)) && r->oom > 1)
        return HL_EXIT_oom;
    if (!r->host[0])
        return HL_EXIT_host;
    x = hl_procset_add_exit(set);
    if (!x)
        return HL_ROW_NOMEM;
    x->task = (uint32_t)r->task;
    x->pid = (uint32_t)r->pid;
    x->status = (uint8_t)r->status;
    x->exit_code = r->status == HL_STATUS_EXITED ? (int64_t)r->exit_code : -1;
    x->signal = r->status == HL_STATUS_SIGNALED ? (uint8_t)r->signal : 0;
    x->oom = r->empty & HL_EMPTY(HL_EXIT_oom) ? -1 : (int8_t)r->oom;
    x->host = hl_strpool_intern(&set->hosts, r->host, strlen(r->host));
    return x->host == UINT32_MAX ? HL_ROW_NOMEM : HL_ROW_GOOD;
}

int hl_parse_exit_file(const char *buf, size_t len, struct hl_procset *set,
                       char *err, size_t errlen)
{
    struct hl_exit_row row;
    size_t before = set->nexits;

    if (hl_format_read(&hl_exit_format, buf, len, &row, _store, set, err,
                       errlen) == 0)
        return 0;
    set->nexits = before;
    return -1;
}

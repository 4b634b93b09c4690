/* Writing a task's exit file (see exit_record.h). */
#include "exit_record.h"

#include <stdio.h>
#include <sys/wait.h>

#include "buf.h"
#include "exit_format.h"
#include "format_write.h"

int hl_exit_record_name(uint32_t task, char *out, size_t out_size)
{
    int n = snprintf(out, out_size, "task-%u.exit", task);

    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}

static void _row(const struct hl_task_end *end, struct hl_exit_row *row)
{
    int wstatus = end->wstatus;

    *row = (struct hl_exit_row){
        .empty = HL_EMPTY(HL_EXIT_exit_code) | HL_EMPTY(HL_EXIT_signal),
        .task = end->task,
        .host = end->host,
        .pid = (uint64_t)end->pid,
        .status = HL_STATUS_UNKNOWN,
        .oom = end->oom == HL_OOM_KILLED,
        .cgroup_peak = end->cgroup_peak,
        .end_time_ns = end->end_ns,
    };
    if (WIFEXITED(wstatus)) {
        row->status = HL_STATUS_EXITED;
        row->exit_code = (uint64_t)WEXITSTATUS(wstatus);
        row->empty &= ~HL_EMPTY(HL_EXIT_exit_code);
    } else if (WIFSIGNALED(wstatus)) {
        row->status = HL_STATUS_SIGNALED;
        row->signal = (uint64_t)WTERMSIG(wstatus);
        row->empty &= ~HL_EMPTY(HL_EXIT_signal);
    }
    if (end->oom == HL_OOM_UNKNOWN)
        row->empty |= HL_EMPTY(HL_EXIT_oom);
    if (end->cgroup_peak == UINT64_MAX)
        row->empty |= HL_EMPTY(HL_EXIT_cgroup_peak);
    if (end->end_ns < 0)
        row->empty |= HL_EMPTY(HL_EXIT_end_time_ns);
}

int hl_exit_record_format(const struct hl_task_end *end, char *out,
                          size_t out_size)
{
    struct hl_exit_row row;
    struct hl_buf b;

    _row(end, &row);
    hl_buf_init(&b, out, out_size);
    hl_format_write(&b, &hl_exit_format, &row, 0);
    return b.overflow ? -1 : 0;
}

int hl_exit_record_row(const struct hl_task_end *end, char *out,
                       size_t out_size)
{
    struct hl_exit_row row;
    struct hl_buf b;

    _row(end, &row);
    hl_buf_init(&b, out, out_size);
    hl_format_write_values(&b, &hl_exit_format, &row, 0);
    hl_buf_char(&b, '\n');
    return b.overflow ? -1 : 0;
}

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

static void _row(uint32_t task, const char *host, pid_t pid, int wstatus,
                 enum hl_oom oom, struct hl_exit_row *row)
{
    *row = (struct hl_exit_row){
        .empty = HL_EMPTY(HL_EXIT_exit_code) | HL_EMPTY(HL_EXIT_signal),
        .task = task,
        .host = host,
        .pid = (uint64_t)pid,
        .status = HL_STATUS_UNKNOWN,
        .oom = oom == HL_OOM_KILLED,
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
    if (oom == HL_OOM_UNKNOWN)
        row->empty |= HL_EMPTY(HL_EXIT_oom);
}

int hl_exit_record_format(uint32_t task, const char *host, pid_t pid,
                          int wstatus, enum hl_oom oom, char *out,
                          size_t out_size)
{
    struct hl_exit_row row;
    struct hl_buf b;

    _row(task, host, pid, wstatus, oom, &row);
    hl_buf_init(&b, out, out_size);
    hl_format_write(&b, &hl_exit_format, &row, 0);
    return b.overflow ? -1 : 0;
}

int hl_exit_record_row(uint32_t task, const char *host, pid_t pid, int wstatus,
                       enum hl_oom oom, char *out, size_t out_size)
{
    struct hl_exit_row row;
    struct hl_buf b;

    _row(task, host, pid, wstatus, oom, &row);
    hl_buf_init(&b, out, out_size);
    hl_format_write_values(&b, &hl_exit_format, &row, 0);
    hl_buf_char(&b, '\n');
    return b.overflow ? -1 : 0;
}

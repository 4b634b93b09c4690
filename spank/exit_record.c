/* Formatting of a task's exit file (see exit_record.h). */
#include "exit_record.h"

#include <stdio.h>
#include <sys/wait.h>

int hl_exit_record_name(uint32_t task, char *out, size_t out_size)
{
    int n = snprintf(out, out_size, "task-%u.exit", task);

    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}

int hl_exit_record_format(uint32_t task, const char *host, pid_t pid,
                          int wstatus, enum hl_oom oom, char *out,
                          size_t out_size)
{
    char code[16] = "", sig[16] = "", oomtext[4] = "";
    const char *status = "unknown";
    int n;

    if (WIFEXITED(wstatus)) {
        status = "exited";
        snprintf(code, sizeof(code), "%d", WEXITSTATUS(wstatus));
    } else if (WIFSIGNALED(wstatus)) {
        status = "signaled";
        snprintf(sig, sizeof(sig), "%d", WTERMSIG(wstatus));
    }
    if (oom != HL_OOM_UNKNOWN)
        snprintf(oomtext, sizeof(oomtext), "%d", oom == HL_OOM_KILLED);
    n = snprintf(out, out_size,
                 "# heapline exit 1\n"
                 "task,host,pid,status,exit_code,signal,oom\n"
                 "%u,%s,%ld,%s,%s,%s,%s\n",
                 task, host, (long)pid, status, code, sig, oomtext);
    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}

/* The task exit file that the report reads (doc/admin.md). */
#include <signal.h>
#include <stdint.h>

#include "stepd/exit_record.h"
#include "../../tap.h"

#define HEAD                                                                   \
    "# heapline exit 1\n"                                                      \
    "task,host,pid,status,exit_code,signal,oom,cgroup_peak_bytes,end_time_s\n"

/* A task's end with neither a cgroup peak nor an end time. */
static struct hl_task_end _end(uint32_t task, const char *host, pid_t pid,
                               int wstatus, enum hl_oom oom)
{
    return (struct hl_task_end){task, host, pid, wstatus, oom, UINT64_MAX, -1};
}

static int _format(struct hl_task_end end, char *out, size_t size)
{
    return hl_exit_record_format(&end, out, size);
}

int main(void)
{
    char out[256];
    struct hl_task_end killed = _end(1, "n1", 99, SIGKILL, HL_OOM_KILLED);

    ok(hl_exit_record_name(3, out, sizeof(out)) == 0, "name");
    is_str(out, "task-3.exit", "named by the global task id");
    ok(_format(_end(0, "n1", 4242, 0, HL_OOM_UNKNOWN), out, sizeof(out)) == 0,
       "exit 0");
    is_str(out, HEAD "0,n1,4242,exited,0,,,,\n",
           "a normal exit; oom, peak and end empty without a cgroup or clock");
    ok(_format(_end(2, "n2", 17, 3 << 8, HL_OOM_NO), out, sizeof(out)) == 0,
       "exit 3");
    is_str(out, HEAD "2,n2,17,exited,3,,0,,\n", "the exit code, oom 0");
    ok(_format(_end(1, "n1", 99, SIGKILL, HL_OOM_NO), out, sizeof(out)) == 0,
       "SIGKILL");
    is_str(out, HEAD "1,n1,99,signaled,,9,0,,\n",
           "the signal, no exit code, not the OOM killer");
    ok(_format(killed, out, sizeof(out)) == 0, "OOM kill");
    is_str(out, HEAD "1,n1,99,signaled,,9,1,,\n", "an OOM kill is oom 1");
    killed.cgroup_peak = 108134400;
    killed.end_ns = 1764950000123456789;
    ok(_format(killed, out, sizeof(out)) == 0, "a killed task in its cgroup");
    is_str(out, HEAD "1,n1,99,signaled,,9,1,108134400,1764950000.123456789\n",
           "its cgroup's peak in bytes and its end in seconds, nine decimals");
    ok(_format(_end(4, "n1", 5, 0x137f, HL_OOM_UNKNOWN), out, sizeof(out)) == 0,
       "a stopped task");
    is_str(out, HEAD "4,n1,5,unknown,,,,,\n",
           "neither exited nor signaled: status unknown, the rest empty");
    ok(_format(_end(0, "n\"1,a", 7, 0, HL_OOM_NO), out, sizeof(out)) == 0,
       "a node name with a comma and a quote");
    is_str(out, HEAD "0,\"n\"\"1,a\",7,exited,0,,0,,\n",
           "the node name is quoted as CSV says");
    ok(_format(_end(1, "n1", 99, 0, HL_OOM_NO), out, 20) < 0,
       "too small a buffer is an error");
    return done_testing();
}

/* The task exit file that the report reads (doc/admin.md). */
#include <signal.h>

#include "stepd/exit_record.h"
#include "../../tap.h"

#define HEAD "# heapline exit 1\ntask,host,pid,status,exit_code,signal,oom\n"

int main(void)
{
    char out[256];

    ok(hl_exit_record_name(3, out, sizeof(out)) == 0, "name");
    is_str(out, "task-3.exit", "named by the global task id");
    ok(hl_exit_record_format(0, "n1", 4242, 0, HL_OOM_UNKNOWN, out,
                             sizeof(out)) == 0,
       "exit 0");
    is_str(out, HEAD "0,n1,4242,exited,0,,\n",
           "a normal exit; oom empty without a memory cgroup");
    ok(hl_exit_record_format(2, "n2", 17, 3 << 8, HL_OOM_NO, out,
                             sizeof(out)) == 0,
       "exit 3");
    is_str(out, HEAD "2,n2,17,exited,3,,0\n", "the exit code, oom 0");
    ok(hl_exit_record_format(1, "n1", 99, SIGKILL, HL_OOM_NO, out,
                             sizeof(out)) == 0,
       "SIGKILL");
    is_str(out, HEAD "1,n1,99,signaled,,9,0\n",
           "the signal, no exit code, not the OOM killer");
    ok(hl_exit_record_format(1, "n1", 99, SIGKILL, HL_OOM_KILLED, out,
                             sizeof(out)) == 0,
       "OOM kill");
    is_str(out, HEAD "1,n1,99,signaled,,9,1\n", "an OOM kill is oom 1");
    ok(hl_exit_record_format(4, "n1", 5, 0x137f, HL_OOM_UNKNOWN, out,
                             sizeof(out)) == 0,
       "a stopped task");
    is_str(out, HEAD "4,n1,5,unknown,,,\n",
           "neither exited nor signaled: status unknown, the rest empty");
    ok(hl_exit_record_format(0, "n\"1,a", 7, 0, HL_OOM_NO, out, sizeof(out)) ==
           0,
       "a node name with a comma and a quote");
    is_str(out, HEAD "0,\"n\"\"1,a\",7,exited,0,,0\n",
           "the node name is quoted as CSV says");
    ok(hl_exit_record_format(1, "n1", 99, 0, HL_OOM_NO, out, 20) < 0,
       "too small a buffer is an error");
    return done_testing();
}

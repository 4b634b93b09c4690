"""At every instant of a normal end, the file at the record's path is a
record that heapline-report reads: the provisional one or the final one,
never a mix. The process is killed (SIGKILL) as it enters each system
call of its exit path in turn (kill_at_syscall, under ptrace), and after
each kill the report reads the file and counts one process; the path
holds one of the two, and nothing but the report's hidden temporary file
may stand beside it."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
# The tracer runs unmeasured; env(1) gives the program its variables.
program = ["env", "LD_PRELOAD=" + t.LIB, "HEAPLINE_OUTPUT=" + rec_path,
           "HEAPLINE_QUIET=1", t.program("marks_then_exits")]
kinds = set()
for n in range(1, 200):
    for name in os.listdir(work):
        os.unlink(os.path.join(work, name))
    res = t.run([t.program("kill_at_syscall"), str(n)] + program,
                t.clean_env())
    if res.returncode == 3:
        break
    if not t.check(res.returncode == 0, "step %d: killed there: %d %r"
                   % (n, res.returncode, res.stderr)):
        break
    report = subprocess.run([t.REPORT, "--format=csv", "--no-sacct",
                             rec_path], capture_output=True, text=True,
                            env=t.clean_env())
    t.check(report.returncode == 0 and len(report.stdout.splitlines()) == 2,
            "step %d: the report reads the record: %d %r %r"
            % (n, report.returncode, report.stdout, report.stderr))
    with open(rec_path) as f:
        kinds.add("provisional" if "unfinished" in f.read() else "final")
    others = [x for x in os.listdir(work) if x != "rec.csv"]
    t.check(all(x.startswith(".rec.csv.heapline-") for x in others),
            "step %d: nothing else beside it: %r" % (n, others))
else:
    t.check(False, "the exit path ended within 200 system calls")
t.check(kinds == {"provisional", "final"},
        "cut before and after the record changed: %r" % kinds)
t.done()

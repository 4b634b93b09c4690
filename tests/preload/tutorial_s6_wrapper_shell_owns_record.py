"""Tutorial section 6: preloading a shell that runs the program measures
both; two summary lines come out, the program's first. The shell, the
first process, owns the record's path: the record there holds the shell's
figures, and the program's record is beside it, at PATH.PID."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
out = os.path.join(work, "wrapped.csv")
cmd = '%s -c "%s"; echo done' % (t.PYTHON3, t.TUTORIAL)
proc = subprocess.Popen(["bash", "-c", cmd], env=t.preload_env(out),
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                        text=True)
stdout, stderr = proc.communicate()
t.check(stdout == "done\n", "stdout is the shell's own: %r" % stdout)
lines = t.summary_lines(stderr)
t.check(len(lines) == 2, "two summary lines: %r" % stderr)
if len(lines) == 2:
    first, second = (t.SUMMARY.match(l) for l in lines)
    t.check(first and first.group(3).endswith("MiB"),
            "the program's line first: %r" % lines[0])
    t.check(second and not second.group(3).endswith("MiB"),
            "the shell's line last: %r" % lines[1])
    rec = t.read_record(out)
    t.check(rec["pid"] == proc.pid, "the record is the shell's (pid %d)"
            % rec["pid"])
    t.check(second and int(second.group(1)) == rec["allocs"],
            "the record holds the shell's figures")
    t.check(rec["peak_heap_bytes"] < 2**20, "the shell's small peak")
    beside = [x for x in os.listdir(work) if x != "wrapped.csv"]
    t.check(len(beside) == 1 and beside[0].startswith("wrapped.csv."),
            "the program's record beside it: %r" % beside)
    if len(beside) == 1:
        prog = t.read_record(os.path.join(work, beside[0]))
        t.check(beside[0] == "wrapped.csv.%d" % prog["pid"]
                and prog["ppid"] == proc.pid
                and first and int(first.group(1)) == prog["allocs"],
                "it holds the program's figures: %r" % prog)
t.done()

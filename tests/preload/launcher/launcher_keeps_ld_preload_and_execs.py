"""The launcher puts the library first in LD_PRELOAD and keeps what was
there after it, and execs the program: the process it starts is the
program itself, so no wrapper process is measured."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
out = os.path.join(work, "rec.csv")
other = "/lib/x86_64-linux-gnu/libm.so.6"
if not os.path.exists(other):
    other = t.LIB
script = "import os; print(os.environ['LD_PRELOAD'])"
proc = subprocess.Popen([t.LAUNCHER, "-o", out, t.PYTHON3, "-c", script],
                        env=t.clean_env(HEAPLINE_LIBRARY=t.LIB,
                                        LD_PRELOAD=other),
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                        text=True)
stdout, stderr = proc.communicate()
t.check(proc.returncode == 0, "exit 0: %s" % stderr)
t.check(stdout.strip() == t.LIB + ":" + other,
        "LD_PRELOAD %r: library first, then what was there" % stdout)
rec = t.read_record(out)
t.check(rec["pid"] == proc.pid, "the program has the launcher's pid "
        "(exec, no wrapper): %d vs %d" % (rec["pid"], proc.pid))
t.check(len(t.summary_lines(stderr)) == 1, "one process measured: %r"
        % stderr)
t.done()

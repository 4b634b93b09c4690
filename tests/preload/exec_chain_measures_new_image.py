"""An exec chain: each image execs the next; an image that execs writes no
record (exec runs no exit code), and the last one, which reads
HEAPLINE_OUTPUT afresh, writes its own figures alone."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
paths = [os.path.join(work, "image%d.csv" % i) for i in range(4)]
res = t.run([t.program("exec_chain"), "3"] + paths,
            t.preload_env(paths[0]))
t.check(res.returncode == 0, "exit 0: %s" % res.stderr)
for p in paths[:3]:
    t.check(not os.path.exists(p), "no record from an image that exec'd: "
            + os.path.basename(p))
t.check(len(t.summary_lines(res.stderr)) == 1, "one summary line: %r"
        % res.stderr)
exp = t.expectations(res.stdout)
if t.check(len(exp) == 1 and os.path.isfile(paths[3]),
           "the last image reports"):
    rec = t.read_record(paths[3])
    t.check(rec["allocs"] == exp[0]["allocs"] == 1,
            "the last image's one allocation alone: %d" % rec["allocs"])
    t.check(rec["live_heap_at_exit_bytes"] == exp[0]["live"], "its live heap")
t.done()

"""`heapline -o run.csv python3 ...` measures the program as the
LD_PRELOAD form does: same fields, same figures but for what varies from
run to run (times, VmHWM, a few of Python's own allocations); -q drops the
summary line and still writes the record."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
via_env = os.path.join(work, "env.csv")
via_launcher = os.path.join(work, "launcher.csv")
t.run([t.PYTHON3, "-c", t.TUTORIAL], t.preload_env(via_env))
res = t.run([t.LAUNCHER, "-o", via_launcher, t.PYTHON3, "-c", t.TUTORIAL],
            t.clean_env(HEAPLINE_LIBRARY=t.LIB))
t.check(res.returncode == 0, "exit 0: %s" % res.stderr)
t.check(len(t.summary_lines(res.stderr)) == 1, "one summary line")
a = t.read_record(via_env)
b = t.read_record(via_launcher)
for field in ("rank", "host", "job"):
    t.check(a[field] == b[field], "%s: %r vs %r" % (field, a[field], b[field]))
for field in ("allocs", "frees", "peak_heap_bytes",
              "live_heap_at_exit_bytes"):
    t.check(abs(a[field] - b[field]) <= max(50, a[field] // 100),
            "%s: %d vs %d" % (field, a[field], b[field]))
quiet = os.path.join(work, "quiet.csv")
res = t.run([t.LAUNCHER, "-q", "--output=" + quiet, t.PYTHON3, "-c",
             "pass"], t.clean_env(HEAPLINE_LIBRARY=t.LIB))
t.check(res.stderr == "", "-q: no summary line: %r" % res.stderr)
t.read_record(quiet)
t.done()

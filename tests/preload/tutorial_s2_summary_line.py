"""Tutorial section 2: the summary line is the last line on stderr, in the
exact form "heapline: N allocs, N frees, peak X, live at exit Y, VmHWM Z",
the peak of the tutorial's program is between 287.5 and 289.0 MiB, and
VmHWM is the record's, as the report prints it."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import sizes  # noqa: E402

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
res = t.run([t.PYTHON3, "-c", t.TUTORIAL], t.preload_env(rec_path))
t.check(res.returncode == 0, "exit status 0, got %d" % res.returncode)
t.check(res.stdout == "", "stdout untouched: %r" % res.stdout)
lines = res.stderr.splitlines()
t.check(len(lines) == 1, "stderr holds the one summary line: %r" % lines)
m = t.SUMMARY.match(lines[-1]) if lines else None
if t.check(m is not None, "summary line format: %r" % lines):
    value, unit = m.group(3).split()
    t.check(unit == "MiB" and 287.5 <= float(value) <= 289.0,
            "peak %s between 287.5 and 289.0 MiB" % m.group(3))
    t.check(int(m.group(1)) >= int(m.group(2)), "allocs >= frees")
    vmhwm = t.read_record(rec_path)["vmhwm_bytes"]
    t.check(m.group(5) == sizes.text(vmhwm),
            "VmHWM %s is the record's %d bytes" % (m.group(5), vmhwm))
t.done()

"""HEAPLINE_OUTPUT on a file system that is full (a small tmpfs, filled):
stdout, stderr and exit status unchanged but for one warning; no temporary
file is left behind. As root only (it mounts), else skipped."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faults  # noqa: E402
import hltest as t  # noqa: E402

t.require_built()
where = t.tmpdir()
faults.mount_tmpfs(where, "size=64k")
try:
    with open(os.path.join(where, "filler"), "wb") as f:
        while True:
            f.write(b"x" * 4096)
            f.flush()
except OSError:
    pass
w = faults.one_warning(os.path.join(where, "rec.csv"), "full tmpfs")
t.check(w and "No space left on device" in w[0], "the reason: %r" % w)
left = sorted(n for n in os.listdir(where) if n != "filler")
t.check(left in ([], ["rec.csv"]), "no temporary file left: %r" % left)
t.done()

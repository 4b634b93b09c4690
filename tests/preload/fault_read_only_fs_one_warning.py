"""HEAPLINE_OUTPUT on a read-only file system (a tmpfs mounted read-only):
stdout, stderr and exit status unchanged but for one warning. As root only
(it mounts), else skipped."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faults  # noqa: E402
import hltest as t  # noqa: E402

t.require_built()
where = t.tmpdir()
faults.mount_tmpfs(where, "ro,size=64k")
w = faults.one_warning(os.path.join(where, "rec.csv"), "read-only")
t.check(w and "Read-only file system" in w[0], "the reason: %r" % w)
t.done()

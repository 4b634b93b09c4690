"""HEAPLINE_OUTPUT in a directory that does not exist: stdout, stderr and
exit status unchanged but for one warning; no directory is made."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faults  # noqa: E402
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
w = faults.one_warning(os.path.join(work, "no", "such", "rec.csv"),
                       "missing directory")
t.check(w and "No such file or directory" in w[0], "the reason: %r" % w)
t.check(os.listdir(work) == [], "nothing made: %r" % os.listdir(work))
t.done()

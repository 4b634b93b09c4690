"""A program that closes stderr and opens a file in its place, while its
record cannot be written: stdout and exit status unchanged, and heapline's
warning does not land in the file that took fd 2 (nor does anything else
of heapline's)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
data = os.path.join(work, "data.txt")
argv = [t.program("closed_stderr"), data]
res = t.unchanged(argv, os.path.join(work, "no", "rec.csv"), "closed stderr",
                  warnings=0)
with open(data) as f:
    t.check(f.read() == "data\n", "fd 2's new file holds only the data")
t.done()

"""A program that closes stderr and opens a file in its place, while its
record cannot be written at exit: stdout and exit status unchanged, and
heapline's warning does not land in the file that took fd 2 (nor does
anything else of heapline's). The record's path is a folder, which the
library cannot tell at start (a missing folder it says at start, while
stderr is still open)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
data = os.path.join(work, "data.txt")
argv = [t.program("closed_stderr"), data]
taken = os.path.join(work, "rec.csv")
os.mkdir(taken)
res = t.unchanged(argv, taken, "closed stderr", warnings=0)
with open(data) as f:
    t.check(f.read() == "data\n", "fd 2's new file holds only the data")
t.done()

"""A program that closes stderr and opens a file in its place, while its
record cannot be written: stdout and exit status unchanged, heapline's
one warning on the stderr the program started with (the record's path is
a folder, which the library says at start, as it says a missing folder),
and nothing of heapline's in the file that took fd 2, where the record's
end, which fails again, says nothing more."""

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
res = t.unchanged(argv, taken, "closed stderr", warnings=1)
with open(data) as f:
    t.check(f.read() == "data\n", "fd 2's new file holds only the data")
t.done()

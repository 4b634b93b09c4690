"""A program that closes stderr runs as it would without heapline: same
stdout and exit status; the file that takes over fd 2 gets nothing from
heapline; the record is still written."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
data = os.path.join(work, "data.txt")
plain = t.run([t.program("closed_stderr"), data], t.clean_env())
os.unlink(data)
rec_path = os.path.join(work, "rec.csv")
res = t.run([t.program("closed_stderr"), data], t.preload_env(rec_path))
t.check(res.returncode == plain.returncode == 3,
        "exit status 3 both ways: %d, %d"
        % (res.returncode, plain.returncode))
t.check(res.stdout == plain.stdout, "same stdout")
with open(data) as f:
    t.check(f.read() == "data\n", "fd 2's new file holds only the data")
rec = t.read_record(rec_path)
t.check(rec["allocs"] == 10, "record written: %d allocs" % rec["allocs"])
t.done()

"""A program that installs its own SIGSEGV handler, faults and recovers in
it: under heapline the handler runs as without it (heapline takes no
signal), and stdout, stderr and the exit status are unchanged; its record
is the exact format 1 of a normal end."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
res = t.unchanged([t.program("own_sigsegv_handler")], rec_path,
                  "own SIGSEGV handler", warnings=0)
t.check(res.returncode == 4 and "handler: SIGSEGV caught" in res.stderr,
        "the program's handler ran: %d %r" % (res.returncode, res.stderr))
rec = t.read_record(rec_path)
t.check(rec["allocs"] >= 2, "its allocations counted: %d" % rec["allocs"])
t.done()

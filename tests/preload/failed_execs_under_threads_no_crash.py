"""A program whose threads exec a file that does not exist, again and
again, while they allocate (the peak rising, so that the provisional
record is rewritten all the while) runs to its end under heapline: a
failed exec makes the provisional record again by mapping the new file
over the page that other threads may be writing, never unmapping it
under them. Its final record counts every allocation."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
for attempt in range(3):
    res = t.run([t.program("exec_missing_under_threads")],
                t.preload_env(rec_path, HEAPLINE_QUIET="1"))
    if not t.check(res.returncode == 0 and res.stdout == "done\n",
                   "run %d: ran to its end: %d %r %r"
                   % (attempt, res.returncode, res.stdout, res.stderr)):
        break
    rec = t.read_record(rec_path)
    t.check(rec["allocs"] >= 5 * 2000, "run %d: every allocation counted: %d"
            % (attempt, rec["allocs"]))
t.done()

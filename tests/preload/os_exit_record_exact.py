"""Python's os._exit is a normal end: a process that holds 400 MiB it
touched and calls os._exit(3) leaves the exact format-1 record (no end
column), with that peak, and exits 3 as without heapline; so does a C
program that calls _exit(3)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "py.csv")
script = ("import os, sys\n"
          "b = b'x' * (400 << 20)\n"
          "print('holding', len(b))\n"
          "sys.stdout.flush()\n"
          "os._exit(3)\n")
res = t.unchanged([t.PYTHON3, "-c", script], rec_path, "os._exit",
                  warnings=0)
rec = t.read_record(rec_path)
held = 400 << 20
t.check(held <= rec["peak_heap_bytes"] <= held + (16 << 20),
        "os._exit: peak %d holds the 400 MiB" % rec["peak_heap_bytes"])
t.check(rec["vmhwm_bytes"] >= held, "os._exit: VmHWM %d holds the touched "
        "400 MiB" % rec["vmhwm_bytes"])

rec_path = os.path.join(work, "c.csv")
res = t.unchanged([t.program("dies_holding"), "exit", "400"], rec_path,
                  "_exit", warnings=0)
rec = t.read_record(rec_path)
held = int(res.stdout.split()[1])
t.check(held <= rec["peak_heap_bytes"] <= held + (64 << 10),
        "_exit: peak %d holds the block of %d" % (rec["peak_heap_bytes"], held))
t.check(sorted(os.listdir(work)) == ["c.csv", "py.csv"],
        "nothing else left beside the records: %r" % os.listdir(work))
t.done()

"""malloc and free in a signal handler, 5,000 times, while another thread
allocates: no deadlock, no crash, stdout, stderr and exit status unchanged;
the handler's calls counted. A handler that interrupts the library in its
own thread loses no update either: allocating_signals_counted_exactly.py
checks that exactly; here allocs and frees are only checked to balance
within the handler's calls."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
res = t.unchanged([t.program("signal_handler_malloc")], rec_path,
                  "malloc in a signal handler", warnings=0)
t.check(res.returncode == 0 and res.stdout == "handled 5000\n",
        "every signal handled: %d %r" % (res.returncode, res.stdout))
rec = t.read_record(rec_path)
t.check(rec["allocs"] >= 5000 and rec["frees"] >= 5000,
        "the handler's calls counted: %d allocs, %d frees"
        % (rec["allocs"], rec["frees"]))
t.check(abs(rec["allocs"] - rec["frees"]) <= 5000,
        "allocs and frees balance within the handler's calls: %d, %d"
        % (rec["allocs"], rec["frees"]))
t.done()

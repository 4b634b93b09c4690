"""With sites on, a process's first sample comes while another thread is
inside dlopen, running a constructor that waits for a mutex which the
sampling thread holds (dlopen_under_lock): the sample takes no lock of the
dynamic loader's (libunwind was loaded at start), so the process neither
hangs nor is ended by the constructor's check, and its record has the
sample's site. With libunwind loaded at the first sample, the sample
waited for the loader's lock that the constructor's thread held."""

import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
prog = t.program("dlopen_under_lock")
obj = os.path.join(os.path.dirname(prog), "libdlopenwaits.so")
if not os.path.exists(obj):
    t.skip("no %s" % obj)
argv = [prog, obj]
plain = t.run(argv, t.clean_env())
t.check((plain.returncode, plain.stdout) == (0, "allocated under lock\n"),
        "without heapline: %d %r %r" % (plain.returncode, plain.stdout,
                                        plain.stderr))
record = os.path.join(work, "r.csv")
# A large mean gap, so that the 256 MiB block, not one of the few KiB
# allocated before it, takes the first sample.
res = t.run(argv, t.preload_env(record, HEAPLINE_QUIET="1", HEAPLINE_SITES="1",
                                HEAPLINE_SITES_RATE="16M",
                                HEAPLINE_SITES_SEED="1"))
t.check((res.returncode, res.stdout) == (0, "allocated under lock\n"),
        "with sites on: %d %r %r" % (res.returncode, res.stdout, res.stderr))
with open(record) as f:
    rows = list(csv.reader(f.read().splitlines()[1:]))
rec = dict(zip(rows[0], rows[1])) if len(rows) == 2 else {}
t.check(bool(rec.get("sites")), "the record has the sample's site: %r"
        % rec.get("sites"))
t.done()

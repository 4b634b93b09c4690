"""With every allocation sampled (HEAPLINE_SITES_RATE=1), threads allocate
while the main thread forks 200 times, and each child allocates and frees
blocks of its own: a fork may come while another thread is taking a stack
(libunwind, heapline's tables), yet no child hangs, every child exits 0
and writes its record with the sites it took, and stdout, stderr and the
exit status are those of the program without heapline."""

import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
argv = [t.program("fork_exec_under_threads"), "allocate"]
plain = t.run(argv, t.clean_env())
res = t.run(argv, t.preload_env(os.path.join(work, "r-%p.csv"),
                                HEAPLINE_QUIET="1", HEAPLINE_SITES="1",
                                HEAPLINE_SITES_RATE="1"))
t.check((res.returncode, res.stdout, res.stderr) ==
        (plain.returncode, plain.stdout, plain.stderr),
        "as without heapline: %d %r %r, %d %r %r"
        % (res.returncode, res.stdout, res.stderr, plain.returncode,
           plain.stdout, plain.stderr))
t.check(res.returncode == 0 and res.stdout == "forked 200, failed 0\n",
        "every child ran: %d %r" % (res.returncode, res.stdout))
names = os.listdir(work)
t.check(len(names) == 201, "201 records (the parent and each child): %d"
        % len(names))
unsampled = []
for name in names:
    with open(os.path.join(work, name)) as f:
        rows = list(csv.reader(f.read().splitlines()[1:]))
    rec = dict(zip(rows[0], rows[1])) if len(rows) == 2 else {}
    if not rec.get("sites"):
        unsampled.append(name)
t.check(not unsampled, "every record has sites: %r" % unsampled[:5])
t.done()

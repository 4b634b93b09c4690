"""With %p in HEAPLINE_OUTPUT, a process that gets the pid of one that
exited before it (the kernel reuses pids once pid_max wraps: 32,768 on
many nodes, reached by a long job of short processes) writes its record
beside the first's, at PATH.PID, and does not replace it: two children of
one pid, holding 1 MB and 2 MB, leave two records. Skipped where the
kernel refuses to give a chosen pid (clone3's set_tid needs
CAP_SYS_ADMIN)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
res = t.run([t.program("pid_reused")],
            t.preload_env(os.path.join(work, "r-%p.csv")))
if res.returncode == 77:
    t.skip("no pid of our choosing here: %s" % res.stderr.strip())
t.check(res.returncode == 0 and res.stdout.startswith("pid "),
        "the second child had the first's pid: %d %r %r"
        % (res.returncode, res.stdout, res.stderr))
pid = int(res.stdout.split()[1])
path = os.path.join(work, "r-%d.csv" % pid)
beside = "%s.%d" % (path, pid)
names = os.listdir(work)
t.check(len(names) == 3 and os.path.basename(path) in names and
        os.path.basename(beside) in names,
        "three records: the parent's, the first child's at the path and "
        "the second's beside it: %r" % sorted(names))
peaks = []
for p in (path, beside):
    if t.check(os.path.isfile(p), "%s written" % p):
        rec = t.read_record(p)
        t.check(rec["pid"] == pid, "%s: pid %d" % (p, rec["pid"]))
        peaks.append(rec["peak_heap_bytes"])
MB = 1 << 20
t.check(len(peaks) == 2 and MB <= peaks[0] < 2 * MB <= peaks[1] < 3 * MB,
        "the first child's peak (1 MB) kept at the path, the second's "
        "(2 MB) beside it: %r" % peaks)
t.done()

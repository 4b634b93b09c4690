"""Without %p in HEAPLINE_OUTPUT, the first process owns the path and the
processes it starts write beside it, at PATH.PID: a child forked without
exec, and a child that execs a program, each end normally and leave their
records beside the parent's; the parent, killed afterwards (SIGKILL),
keeps its own provisional record at the path, with its peak."""

import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

SCRIPT = """
import os, subprocess, sys
held = b"x" * (50 << 20)
pid = os.fork()
if pid == 0:
    child = b"y" * (10 << 20)
    os._exit(0)
os.waitpid(pid, 0)
run = subprocess.run([sys.executable, "-c", "b = bytes(5 << 20)"])
print(os.getpid(), pid, run.returncode, flush=True)
os.kill(os.getpid(), 9)
"""

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
res = t.run([t.PYTHON3, "-c", SCRIPT], t.preload_env(rec_path,
                                                     HEAPLINE_QUIET="1"))
t.check(res.returncode == -signal.SIGKILL, "the parent was killed: %d %r"
        % (res.returncode, res.stderr))
parent, forked, status = (int(x) for x in res.stdout.split())
rec = t.read_provisional(rec_path)
t.check(rec["pid"] == parent and rec["peak_heap_bytes"] >= 50 << 20,
        "the path holds the parent's own record: %r" % rec)
beside = sorted(x for x in os.listdir(work) if x != "rec.csv")
t.check(len(beside) == 2 and "rec.csv.%d" % forked in beside,
        "the two children's records beside it: %r" % beside)
for name in beside:
    child = t.read_record(os.path.join(work, name))
    t.check(name == "rec.csv.%d" % child["pid"] and child["ppid"] == parent,
            "%s: a final record of a child of %d: %r" % (name, parent, child))
t.done()

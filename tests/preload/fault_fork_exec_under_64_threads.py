"""64 threads allocate while another forks and executes a program 1,000
times: a fork may come while a lock of the allocator or of heapline is
held, yet every child runs and exits 0, nothing hangs, and stdout, stderr
and the exit status are unchanged. Every executed child writes its
record (format 1: it exited normally), and no image that exec replaced is
left as a provisional record."""

import fcntl
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
# One run of 64 threads at a time on the machine (tests/old-glibc.sh runs
# this test in its chroot beside make check's, through the same lock): two
# at once on two cores load it past a hundred for minutes.
lock = os.open("/tmp/heapline-64-threads.lock", os.O_RDONLY | os.O_CREAT,
               0o644)
fcntl.flock(lock, fcntl.LOCK_EX)
work = t.tmpdir()
prog = t.program("fork_exec_under_threads")
forks = 1000
# Run once, under heapline: what the program does without it is known (it
# says how many children failed, on stdout only, and exits 0 if none did),
# and a run without it would double the test's thousands of forks.
res = t.run([prog, str(forks)],
            t.preload_env(os.path.join(work, "r-%p.csv"), HEAPLINE_QUIET="1"))
t.check((res.returncode, res.stdout, res.stderr) ==
        (0, "forked %d, failed 0\n" % forks, ""),
        "every child ran, and the program's output is its own: %d %r %r"
        % (res.returncode, res.stdout, res.stderr))
names = os.listdir(work)
t.check(len(names) == forks + 1,
        "%d records (the parent and each child): %d" % (forks + 1, len(names)))
unfinished = []
for name in names:
    with open(os.path.join(work, name)) as f:
        if f.read().split("\n")[1].endswith(",end"):
            unfinished.append(name)
t.check(not unfinished, "no provisional record left: %r" % unfinished[:5])
t.done()

"""The refresher (preload/record/refresh.h) is none of the program's business,
running or dead: it is not among the program's children, and a program
whose refresher runs, and then one whose refresher was killed, gets
ECHILD from waitpid(-1) at once, no SIGCHLD, its own child and its status
from the next waitpid(-1), errno as it set it around its allocations, and
its own exit status."""

import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()


def refreshers(pid, record):
    """The library's refreshers of process pid: processes that run
    heapline-refresh for it, or hold its record as their fd 3, as one does
    from before it executes."""
    mine = b"heapline-refresh\0%d\0" % pid
    found = []
    for other in filter(str.isdigit, os.listdir("/proc")):
        if int(other) == pid:
            continue
        try:
            with open("/proc/%s/cmdline" % other, "rb") as f:
                if f.read().startswith(mine):
                    found.append(int(other))
                    continue
            if os.readlink("/proc/%s/fd/3" % other) == record:
                found.append(int(other))
        except OSError:
            continue
    return found


for kill_it in (False, True):
    how = "killed refresher" if kill_it else "running refresher"
    record = os.path.realpath(os.path.join(work, "rec.%d.csv" % kill_it))
    proc = subprocess.Popen(
        [t.program("lives_then_waits"), "1200"],
        env=t.preload_env(record, HEAPLINE_QUIET="1"),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    t.check(proc.stdout.readline() == "refreshers 1\n",
            "%s: the program has one" % how)
    t.check(proc.stdout.readline() == "children 0\n",
            "%s: not among its children" % how)
    t.check(proc.stdout.readline() == "ready\n", "%s: ready" % how)
    refresher = refreshers(proc.pid, record)
    t.check(len(refresher) == 1, "%s: found it: %r" % (how, refresher))
    if kill_it:
        for pid in refresher:
            os.kill(pid, signal.SIGKILL)
        while refreshers(proc.pid, record):
            time.sleep(0.01)
    out, _ = proc.communicate("go\n")
    t.check(out.splitlines() == ["wait ECHILD", "sigchld 0", "child 7",
                                 "errno kept"],
            "%s: waitpid(-1), SIGCHLD, errno as without heapline: %r"
            % (how, out.splitlines()))
    t.check(proc.returncode == 5,
            "%s: exit status 5 kept: %r" % (how, proc.returncode))
t.done()

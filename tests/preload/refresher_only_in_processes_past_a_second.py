"""The refresher (preload/refresh.h) costs a short process nothing: a
process that allocates and touches 8 MiB (heap milestones) and ends within
its first second starts no process, nor does a shell script of twenty such
processes; the same process reaching a milestone after a second of life
starts exactly one."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()


def refreshers(ms, rec):
    """Children the program saw after its milestones, MS ms apart."""
    proc = subprocess.Popen([t.program("lives_then_waits"), str(ms)],
                            env=t.preload_env(os.path.join(work, rec),
                                              HEAPLINE_QUIET="1"),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    out, _ = proc.communicate("go\n")
    lines = [l for l in out.splitlines() if l.startswith("refreshers ")]
    t.check(proc.returncode == 5, "exit status 5 kept: %r" % proc.returncode)
    return lines


t.check(refreshers(0, "short.csv") == ["refreshers 0"],
        "a process of less than a second starts no refresher")
t.check(refreshers(1200, "long.csv") == ["refreshers 1"],
        "a milestone after a second of life starts one")

script = ("for i in $(seq 20); do echo go | %s 0 | grep refreshers; done"
          % t.program("lives_then_waits"))
out = t.run(["/bin/sh", "-c", script],
            t.preload_env(os.path.join(work, "script.%p.csv"),
                          HEAPLINE_QUIET="1"))
t.check(out.stdout.splitlines() == ["refreshers 0"] * 20,
        "twenty short processes of a script, no refresher: %r"
        % out.stdout.splitlines())
t.done()

"""The refresher (preload/record/refresh.h) costs a short process nothing: a
process that allocates and touches 8 MiB (heap milestones) and ends within
its first second starts no process, nor does a shell script of twenty such
processes; the same process reaching a milestone after a second of life
starts exactly one.

"Within its first second" is the process's own: on a loaded machine a
short process may live longer, and then may start one. So a process is
held to the rule by its record's elapsed_s: one that lived less than a
second must have started none."""

import glob

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


def lived_s(rec):
    return t.read_record(os.path.join(work, rec))["elapsed_s"]


short = refreshers(0, "short.csv")
t.check(short == ["refreshers 0"] or lived_s("short.csv") >= 1.0,
        "a process of less than a second starts no refresher: %r, %.3f s"
        % (short, lived_s("short.csv")))
t.check(refreshers(1200, "long.csv") == ["refreshers 1"],
        "a milestone after a second of life starts one")

script = ("for i in $(seq 20); do echo go | %s 0 | grep refreshers; done"
          % t.program("lives_then_waits"))
out = t.run(["/bin/sh", "-c", script],
            t.preload_env(os.path.join(work, "script.%p.csv"),
                          HEAPLINE_QUIET="1"))
lines = out.stdout.splitlines()
records = [t.read_record(p)
           for p in glob.glob(os.path.join(work, "script.*.csv"))]
shells = {r["pid"] for r in records if r["program"] == "sh"}
lived = [r["elapsed_s"] for r in records
         if r["program"] == "lives_then_waits" and r["ppid"] in shells]
t.check(len(lived) == 20, "twenty records of the program: %d" % len(lived))
over = sum(1 for s in lived if s >= 1.0)
t.check(len(lines) == 20 and
        all(l in ("refreshers 0", "refreshers 1") for l in lines) and
        lines.count("refreshers 1") <= over,
        "twenty short processes of a script: a refresher only in one that "
        "lived a second (%d did): %r" % (over, lines))
t.done()

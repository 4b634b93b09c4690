"""A process SIGKILLed in the middle of a staircase of allocations (10
steps of 50 MiB planned, 0.5 s apart, killed after the 6th) leaves a
provisional record whose timeline holds every step it reached, in order,
each with the RSS of the step touched; heapline-report reads it and draws
it (--timeline)."""

import os
import re
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

MIB = 1 << 20
REACHED = 6

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
# Driven: a step waits for our line, so the 6th is the last it reaches
# however late the kill comes.
proc = subprocess.Popen([t.program("staircase"), "10", "50", "500", "driven"],
                        env=t.preload_env(rec_path), stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True)
steps = []
for k in range(1, REACHED + 1):
    steps.append(proc.stdout.readline().split())
    if k < REACHED:
        proc.stdin.write("next\n")
        proc.stdin.flush()
proc.send_signal(signal.SIGKILL)
proc.stdout.read()
proc.wait()
t.check(all(len(s) == 3 and s[0] == "step" for s in steps),
        "the program said each step: %r" % steps)
usable = int(steps[-1][2])

rec = t.read_provisional(rec_path)
points = [[p[k] for k in t.POINT] for p in t.points(rec)]
t.check(1 <= len(points) <= 256, "1 to 256 points: %d" % len(points))
t.check(all(a[0] < b[0] for a, b in zip(points, points[1:])),
        "times grow: %r" % points)
# The first point of each step: the first whose heap holds k blocks.
firsts = []
for k in range(1, REACHED + 1):
    at = next((i for i, p in enumerate(points) if p[1] >= k * usable), None)
    t.check(at is not None, "step %d (%d bytes) is in the timeline: %r"
            % (k, k * usable, points))
    firsts.append(at)
t.check(firsts == sorted(set(firsts)) and len(firsts) == REACHED,
        "each step has a point of its own, in order: %r" % firsts)
t.check(points[-1][1] >= REACHED * usable and
        points[-1][1] <= rec["peak_heap_bytes"],
        "the last point holds the last step: %r" % points[-1])
# The RSS of step k is read at step k + 1: the points of the steps
# followed by another hold each step touched.
for k, at in enumerate(firsts[:-1], 1):
    rss = points[at][2]
    t.check(rss is not None and rss >= k * 50 * MIB,
            "step %d: RSS %r read, at least its %d MiB touched"
            % (k, rss, k * 50))

res = t.run([t.REPORT, "--no-sacct", "--timeline", rec_path], t.clean_env())
t.check(res.returncode == 0 and res.stderr == "",
        "the report reads the record: %d %r" % (res.returncode, res.stderr))
# Outside MPI the chart's rows are the processes, by program and pid.
chart = [line for line in res.stdout.splitlines()
         if re.match(r" \S+ \(pid \d+\) on ", line) and " heap " in line]
t.check(len(chart) == 1 and "300.0 MiB" in chart[0],
        "--timeline draws its heap, up to 300 MiB: %r" % chart)
t.done()

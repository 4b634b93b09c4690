"""The timeline of a record: at most 256 points whatever the run, times
growing from 0 to at most elapsed_s, the exact peak_heap_bytes in the point
of peak_heap_time_s and no point above it, VmRSS at most VmHWM, each
point's least at most its most and its bound above at least its most: for a
3-second run of 300 steps (2 MiB up every 10 ms, then down); a 10 ms run;
8 threads; and a forked child, whose timeline is its own from the fork on
(the heap it inherited, then its own)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

MIB = 1 << 20
t.require_built()


def points_of(rec):
    return [[p[k] for k in t.POINT] for p in t.points(rec)]


def check_timeline(what, rec, most=256):
    points = points_of(rec)
    if not t.check(1 <= len(points) <= most, "%s: 1 to %d points: %d"
                   % (what, most, len(points))):
        return points
    t.check(points[0][0] == 0, "%s: the first point at 0 ms" % what)
    t.check(all(a[0] < b[0] for a, b in zip(points, points[1:])),
            "%s: times grow" % what)
    t.check(points[-1][0] <= round(rec["elapsed_s"] * 1000),
            "%s: the last point within elapsed_s" % what)
    peak_ms = round(rec["peak_heap_time_s"] * 1000)
    holder = [p for p in points if p[0] <= peak_ms][-1]
    t.check(holder[1] == rec["peak_heap_bytes"],
            "%s: the point of the peak (%d ms) holds peak_heap_bytes %d: %r"
            % (what, peak_ms, rec["peak_heap_bytes"], holder))
    t.check(max(p[1] for p in points) == rec["peak_heap_bytes"],
            "%s: no point above the peak" % what)
    t.check(all(p[2] is not None and p[2] <= rec["vmhwm_bytes"]
                for p in points),
            "%s: every point has a reading, at most VmHWM" % what)
    t.check(all(p[3] <= p[1] for p in points),
            "%s: every point's least heap at most its most" % what)
    ends = [points[i + 1][0] if i + 1 < len(points)
            else round(rec["elapsed_s"] * 1000) + 1
            for i in range(len(points))]
    t.check(all((p[9] is None) == (p[10] is None) and
                (p[9] is None or (p[0] <= p[9] < end and p[3] <= p[10] < p[1]))
                for p, end in zip(points, ends)),
            "%s: a point that ended below its most has its last note within "
            "it, its heap then between its least and its most: %r"
            % (what, points))
    t.check(all(p[4] is not None and p[4] <= p[2] for p in points),
            "%s: every point has a least RSS, at most its most" % what)
    t.check(all(p[5] is not None and p[2] <= p[5] <= rec["vmhwm_bytes"]
                for p in points),
            "%s: every point has a bound above, at least its most read and "
            "at most VmHWM: %r" % (what, points))
    return points


def run(what, argv):
    work = t.tmpdir()
    path = os.path.join(work, "rec.csv")
    res = t.run(argv, t.preload_env(path))
    t.check(res.returncode == 0, "%s: exit 0: %s" % (what, res.stderr))
    return t.read_record(path)


rec = run("3 s", [t.program("staircase"), "150", "2", "10", "down"])
points = check_timeline("3 s of 300 steps", rec)
# The steps' heap moves make about 225 notes, whatever the load; a pause of
# 10 ms or more parts two notes, 6 ms or more on the coarse clock (less its
# tick), so a bucket of 10 ms holds two of them at most.
t.check(len(points) > 100,
        "3 s: more than 100 points kept, at most two notes a point: %d"
        % len(points))
t.check(rec["peak_heap_bytes"] >= 300 * MIB, "3 s: the peak of 150 blocks")

rec = run("10 ms", [t.program("staircase"), "1", "1", "10"])
check_timeline("a 10 ms run", rec, most=4)

rec = run("threads", [t.program("threads_exact")])
check_timeline("8 threads", rec)

if t.CROSS:
    print("# the forked child: left out, Python here does not load the %s "
          "library" % t.CROSS)
    t.done()
work = t.tmpdir()
script = ("import os, time\n"
          "x = bytearray(100 << 20)\n"
          "pid = os.fork()\n"
          "if pid == 0:\n"
          "    y = bytearray(30 << 20); time.sleep(0.05); os._exit(0)\n"
          "os.waitpid(pid, 0)\n")
res = t.run([t.PYTHON3, "-c", script],
            t.preload_env(os.path.join(work, "rec.%p.csv")))
t.check(res.returncode == 0, "fork: exit 0: %s" % res.stderr)
recs = [t.read_record(os.path.join(work, f)) for f in sorted(os.listdir(work))]
if t.check(len(recs) == 2, "fork: two records"):
    child = max(recs, key=lambda r: r["peak_heap_bytes"])
    parent = min(recs, key=lambda r: r["peak_heap_bytes"])
    t.check(child["ppid"] == parent["pid"], "fork: the child's record is "
            "the one of 130 MiB")
    cpoints = check_timeline("the forked child", child)
    check_timeline("the parent", parent)
    t.check(cpoints[0][1] >= 100 * MIB,
            "fork: the child's first point holds the heap it inherited")
    t.check(max(p[1] for p in points_of(parent)) < 130 * MIB,
            "fork: the child's 30 MiB are not in the parent's timeline")
t.done()

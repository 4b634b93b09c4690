"""HEAPLINE_OUTPUT=/dev/stderr writes each process's record to its
standard error (where /dev/stderr, a symbolic link into /proc, used to be
refused: "Too many levels of symbolic links"), as one piece of three
lines just before its summary line, so that neither cuts the other, even
with two processes writing at once; with HEAPLINE_QUIET, the record alone.
No file is made: a stream has no provisional record."""

import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
names = t.HEADER.split(",")


def pieces(stderr):
    """stderr cut into records (as dicts) and summary lines; None where a
    line is neither or a record is broken."""
    lines = stderr.split("\n")
    if lines[-1] != "":
        return None
    lines.pop()
    out = []
    while lines:
        line = lines.pop(0)
        if t.SUMMARY.match(line):
            out.append("summary")
            continue
        if line != "# heapline 1" or len(lines) < 2 or lines[0] != t.HEADER:
            return None
        row = next(csv.reader([lines[1]]))
        if len(row) != len(names):
            return None
        out.append(dict(zip(names, row)))
        del lines[:2]
    return out


sh = "/bin/true & /bin/true; wait"
for quiet in (False, True):
    extra = {"HEAPLINE_QUIET": "1"} if quiet else {}
    res = t.run(["sh", "-c", sh], t.preload_env("/dev/stderr", **extra),
                cwd=work)
    got = pieces(res.stderr)
    what = "quiet" if quiet else "with summary lines"
    t.check(res.returncode == 0, "%s: exit 0, got %d" % (what, res.returncode))
    if not t.check(got is not None, "%s: stderr is whole records and "
                   "summary lines: %r" % (what, res.stderr)):
        continue
    recs = [p for p in got if p != "summary"]
    t.check(len(recs) == 3, "%s: three records (sh and its two "
            "programs): %r" % (what, res.stderr))
    t.check(len({r["pid"] for r in recs}) == len(recs), "%s: one record "
            "per process: %r" % (what, [r["pid"] for r in recs]))
    t.check(got.count("summary") == (0 if quiet else 3),
            "%s: summary lines %r" % (what, res.stderr))
    t.check(os.listdir(work) == [], "%s: no file made: %r"
            % (what, os.listdir(work)))
t.done()

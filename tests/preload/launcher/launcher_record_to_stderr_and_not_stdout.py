"""`heapline -o /dev/stderr` writes the record to standard error, whole,
before the summary line (with -q, alone); `-o -` and `-o /dev/stdout` are
refused before anything runs, with a line that says what to do instead:
standard output is the program's data, and the processes it starts
write theirs into it for a parent to read."""

import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)
prog = t.program("exits_with")

for quiet in ([], ["-q"]):
    res = t.run([t.LAUNCHER] + quiet + ["-o", "/dev/stderr", prog, "3"],
                env, cwd=work)
    lines = res.stderr.split("\n")
    t.check(res.returncode == 3, "%s: the program's status 3, got %d"
            % (quiet, res.returncode))
    t.check(res.stdout == "", "%s: nothing on stdout: %r"
            % (quiet, res.stdout))
    t.check(lines[:2] == ["# heapline 1", t.HEADER],
            "%s: the record first: %r" % (quiet, res.stderr))
    if len(lines) > 2:
        row = next(csv.reader([lines[2]]))
        t.check(len(row) == len(t.HEADER.split(",")),
                "%s: its row %r" % (quiet, lines[2]))
    rest = lines[3:]
    want = 1 if not quiet else 0
    t.check(len(rest) == want + 1 and rest[-1] == ""
            and all(t.SUMMARY.match(l) for l in rest[:-1]),
            "%s: then %d summary line(s) and nothing else: %r"
            % (quiet, want, rest))
    t.check(os.listdir(work) == [], "%s: no file made: %r"
            % (quiet, os.listdir(work)))

for arg in ("-", "/dev/stdout"):
    res = t.run([t.LAUNCHER, "-o", arg, "sh", "-c", "echo ran"], env,
                cwd=work)
    t.check(res.returncode == 2, "-o %s: a usage error, got %d"
            % (arg, res.returncode))
    t.check(res.stdout == "", "-o %s: nothing run: %r" % (arg, res.stdout))
    t.check(res.stderr.startswith("heapline: -o %s: " % arg)
            and "-o /dev/stderr" in res.stderr and "--help" in res.stderr,
            "-o %s: says what to do: %r" % (arg, res.stderr))
    t.check(os.listdir(work) == [], "-o %s: no file made: %r"
            % (arg, os.listdir(work)))
t.done()

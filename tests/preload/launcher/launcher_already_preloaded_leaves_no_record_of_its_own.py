"""Run where LD_PRELOAD already holds the library (inside srun --heapline,
or heapline heapline PROGRAM), the launcher leaves no record and no summary
line of its own: one run of PROGRAM gives one record and one summary
line, a PROGRAM not found or a usage error none at all; the library is
in LD_PRELOAD once, first, with what else was there after it."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
pattern = os.path.join(work, "rec-%p.csv")
prog = t.program("exits_with")


def summaries(stderr):
    return [l for l in stderr.splitlines() if t.SUMMARY.match(l)]


def records():
    return sorted(os.listdir(work))


def clear():
    for name in records():
        os.unlink(os.path.join(work, name))


preloaded = t.clean_env(LD_PRELOAD=t.LIB, HEAPLINE_OUTPUT=pattern)
plain = t.clean_env(HEAPLINE_OUTPUT=pattern)
for what, argv, env in (
        ("inside a preloaded environment", [t.LAUNCHER, prog, "5"],
         preloaded),
        ("heapline heapline", [t.LAUNCHER, t.LAUNCHER, prog, "5"], plain),
        ("heapline heapline -o", [t.LAUNCHER, t.LAUNCHER, "-o", pattern,
                                  prog, "5"], plain)):
    clear()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    _, stderr = proc.communicate()
    t.check(proc.returncode == 5, "%s: the program's status 5, got %d: %s"
            % (what, proc.returncode, stderr))
    t.check(len(summaries(stderr)) == 1, "%s: one summary line: %r"
            % (what, stderr))
    t.check(records() == ["rec-%d.csv" % proc.pid],
            "%s: one record, the program's (pid %d): %r"
            % (what, proc.pid, records()))
    if records():
        t.read_record(os.path.join(work, records()[0]))

for what, argv, status in (
        ("a program not found", [t.LAUNCHER, "no-such-program-heapline"],
         127),
        ("a usage error", [t.LAUNCHER, "--bogus", prog], 2),
        ("--help", [t.LAUNCHER, "--help"], 0),
        ("--version", [t.LAUNCHER, "--version"], 0)):
    clear()
    res = t.run(argv, preloaded)
    t.check(res.returncode == status, "%s: exit %d, got %d"
            % (what, status, res.returncode))
    t.check(summaries(res.stderr) == [], "%s: no summary line: %r"
            % (what, res.stderr))
    t.check(records() == [], "%s: no record: %r" % (what, records()))

other = "/lib/x86_64-linux-gnu/libm.so.6"
if not os.path.exists(other):
    other = t.LIB
res = t.run([t.LAUNCHER, "-q", "sh", "-c", 'echo "$LD_PRELOAD"'],
            t.clean_env(LD_PRELOAD=t.LIB + " " + other + ":" + t.LIB))
t.check(res.stdout == os.path.realpath(t.LIB) + ":" + other + "\n",
        "the library once, first, then the rest: %r" % res.stdout)
t.done()

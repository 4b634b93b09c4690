"""The record names the program and its parent: program is the name the
kernel gives the process (the base name of the file it ran, or of a
script), whole even past the kernel's 15 bytes; ppid is the parent's pid;
a child forked without exec has its own parent, the same program."""

import os
import stat
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()


def record_of(argv, pattern="rec.csv"):
    for name in os.listdir(work):
        if name.endswith(".csv"):
            os.unlink(os.path.join(work, name))
    res = t.run(argv, t.preload_env(os.path.join(work, pattern)))
    t.check(res.returncode == 0, "%s: exit 0: %r" % (argv, res.stderr))
    return [t.read_record(os.path.join(work, x))
            for x in sorted(os.listdir(work)) if x.endswith(".csv")]


rec, = record_of([t.program("counts_malloc"), "baseline"])
t.check(rec["program"] == "counts_malloc" and rec["ppid"] == os.getpid(),
        "a program: %r, ppid %d (want %d)"
        % (rec["program"], rec["ppid"], os.getpid()))

long_name = os.path.join(work, "a_program_with_a_long_name")
os.symlink(t.program("counts_malloc"), long_name)
rec, = record_of([long_name, "baseline"])
t.check(rec["program"] == "a_program_with_a_long_name",
        "past 15 bytes, the whole name: %r" % rec["program"])

if t.CROSS:
    print("# a script: left out, the shell here does not load the %s library"
          % t.CROSS)
else:
    script = os.path.join(work, "myscript.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n:\n")
    os.chmod(script, stat.S_IRWXU)
    rec, = record_of([script])
    t.check(rec["program"] == "myscript.sh", "a script: %r" % rec["program"])

recs = record_of([t.program("fork_child")], "rec.%p.csv")
if t.check(len(recs) == 2, "fork: two records"):
    parent, child = sorted(recs, key=lambda r: r["ppid"] == os.getpid())[::-1]
    t.check(parent["ppid"] == os.getpid() and child["ppid"] == parent["pid"]
            and child["program"] == parent["program"] == "fork_child",
            "the forked child's parent is the program: %r %r"
            % (parent, child))
t.done()

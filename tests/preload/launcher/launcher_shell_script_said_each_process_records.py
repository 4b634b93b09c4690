"""A shell script given as the program (pyenv's python3 shim is one,
"#!/usr/bin/env bash") is said to be one before it runs: its shell and
each program it runs are measured, each with a record of its own, and the
way to measure one program alone is named, with what each process gives
(a summary line, a record, as -o and -q say); its output and exit status
are unchanged. A script of another interpreter (Python) is the program itself:
nothing is said of it."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)
for head in ("#!/bin/sh", "#!/usr/bin/env bash", "#!/usr/bin/env -S bash -e"):
    script = os.path.join(work, "shim")
    with open(script, "w") as f:
        f.write("%s\n%s -c 'print(1)'\necho two\nexit 3\n" % (head, t.PYTHON3))
    os.chmod(script, 0o755)
    res = t.run([t.LAUNCHER, "-o", os.path.join(work, "r.csv"), script], env)
    said = [l for l in res.stderr.splitlines() if "script" in l]
    t.check(res.returncode == 3 and res.stdout == "1\ntwo\n",
            "%s: output and status unchanged: %d %r"
            % (head, res.returncode, res.stdout))
    t.check(len(said) == 1 and script in said[0]
            and "a record of its own" in said[0] and "own path" in said[0],
            "%s: said once, with the way to measure one program: %r"
            % (head, res.stderr))
    t.check(len([l for l in res.stderr.splitlines() if t.SUMMARY.match(l)])
            >= 2, "%s: the shell and python3 each measured: %r"
            % (head, res.stderr))
# What each process gives, as -o and -q (or the environment) say: no
# record is promised where none is written.
for args, extra, gives in (
        ([], {}, "each process with a summary line of its own;"),
        (["-q", "-o", os.path.join(work, "r.csv")], {},
         "each process with a record of its own;"),
        ([], {"HEAPLINE_OUTPUT": os.path.join(work, "r.csv")},
         "each process with a summary line and a record of its own;"),
        (["-q"], {}, "each process on its own;")):
    res = t.run([t.LAUNCHER] + args + [script], dict(env, **extra))
    said = [l for l in res.stderr.splitlines() if "script" in l]
    t.check(len(said) == 1 and gives in said[0],
            "%s %s: said '%s': %r" % (args, extra, gives, res.stderr))
script = os.path.join(work, "prog.py")
with open(script, "w") as f:
    f.write("#!%s\nprint(1)\n" % t.PYTHON3)
os.chmod(script, 0o755)
res = t.run([t.LAUNCHER, "-q", script], env)
t.check(res.returncode == 0 and res.stdout == "1\n" and res.stderr == "",
        "a Python script: nothing said: %r" % res.stderr)
t.done()

"""HEAPLINE_OUTPUT in a folder that does not exist is said at the start of
the process, before the program's own first line, not only after a long
run; the program runs on, measured, and the warning is the only one (it is
not said again at exit). The program's standard output, exit status and
errno (0 when main starts) are its own. A HEAPLINE_OUTPUT that names a
folder (one that exists, or a name that ends with a slash) is said so at
start too, with what to name instead."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
path = os.path.join(work, "missing", "run.csv")
res = t.run([t.PYTHON3, "-c",
             "import sys; sys.stderr.write('program\\n'); print('data'); "
             + t.TUTORIAL],
            t.preload_env(path))
lines = res.stderr.splitlines()
warnings = [i for i, l in enumerate(lines)
            if l.startswith("heapline: cannot write the record ")]
t.check(res.returncode == 0, "the program's status: %d" % res.returncode)
t.check(len(warnings) == 1 and path in lines[warnings[0]]
        and "No such file or directory" in lines[warnings[0]],
        "one warning, naming the path and why: %r" % lines)
t.check(warnings and "program" in lines and
        warnings[0] < lines.index("program"),
        "said before the program's first line: %r" % lines)
t.check(len([l for l in lines if t.SUMMARY.match(l)]) == 1,
        "measured all the same: one summary line: %r" % lines)
t.check(res.stdout == "data\n", "standard output the program's: %r"
        % res.stdout)
t.check(not os.path.exists(os.path.dirname(path)), "no folder made")
res = t.run([t.program("errno_untouched")], t.preload_env(path))
t.check(res.returncode == 0 and "not ok" not in res.stdout
        and "ok 1 - errno is 0 when main starts" in res.stdout,
        "errno untouched, at main and by each call: %d\n%s"
        % (res.returncode, res.stdout))
t.check(res.stderr.count("heapline: cannot write the record ") == 1,
        "the C program warned once too: %r" % res.stderr)
# HEAPLINE_OUTPUT naming a folder, one that exists or a name that ends
# with a slash: a record is a file, said at start too, once, with what to
# give instead (the record's file in that folder), not "path too long".
for named in (work, work + "/", os.path.join(work, "missing") + "/"):
    res = t.run([t.PYTHON3, "-c",
                 "import sys; sys.stderr.write('program\\n')"],
                t.preload_env(named))
    lines = res.stderr.splitlines()
    warnings = [i for i, l in enumerate(lines)
                if l.startswith("heapline: cannot write the record ")]
    t.check(res.returncode == 0 and len(warnings) == 1 and
            named.rstrip("/") in lines[warnings[0]] and
            "a folder: HEAPLINE_OUTPUT names the record's file, such as "
            "%p.csv in that folder" in lines[warnings[0]] and
            warnings[0] < lines.index("program"),
            "%s: one warning before the program's first line, saying it "
            "is a folder: %r" % (named, lines))
t.done()

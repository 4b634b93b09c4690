"""The launcher parses its options as getopt_long does: combined short
options (-qo FILE, -qoFILE), --output=FILE and --output FILE, unambiguous
abbreviations (--out, --qu), -- before PROGRAM; its options end at
PROGRAM, whose own options (-q, -o) are PROGRAM's."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
out = os.path.join(work, "rec.csv")
prog = t.program("exits_with")
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)
for opts in (["-qo", out], ["-qo" + out], ["-q", "-o", out],
             ["--output=" + out, "--quiet"], ["--quiet", "--output", out],
             ["--out=" + out, "--qu"], ["-q", "-o", out, "--"]):
    if os.path.exists(out):
        os.unlink(out)
    res = t.run([t.LAUNCHER] + opts + [prog, "3"], env)
    t.check(res.returncode == 3, "%s: the program's status 3, got %d: %s"
            % (opts, res.returncode, res.stderr))
    t.check(res.stderr == "", "%s: quiet, nothing on stderr: %r"
            % (opts, res.stderr))
    if t.check(os.path.exists(out), "%s: record written to %s"
               % (opts, out)):
        t.read_record(out)
res = t.run([t.LAUNCHER, "-q", "sh", "-c", 'echo "$@"', "sh", "-q", "-o",
             "x"], env)
t.check(res.returncode == 0 and res.stdout == "-q -o x\n",
        "options after PROGRAM are its own: %r %r" % (res.stdout, res.stderr))
t.check(not os.path.exists("x"), "-o x after PROGRAM is not the launcher's")
t.done()

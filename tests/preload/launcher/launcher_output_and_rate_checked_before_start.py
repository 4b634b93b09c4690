"""Mistakes caught before a long run: -o FILE in a folder that does not
exist, that is not a folder, or that cannot be written, -o naming a folder
(one that exists, or a name that ends with a slash, as a new user types
-o missing-dir/), and a --sites RATE
that is no size, are usage errors (a line naming the file or value and
what is wrong, exit 2) and the program is not run; a folder with a pattern
letter in its name is left to the library, which knows it only then; a
good RATE and a file that can be written in place are taken."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)
ran = os.path.join(work, "ran")
program = ["sh", "-c", "touch '%s'" % ran]
plain = os.path.join(work, "plain")
open(plain, "w").close()
locked = os.path.join(work, "locked")
os.mkdir(locked, 0o500)

cases = [
    (["-o", os.path.join(work, "none", "r.csv")], "none",
     "No such file or directory"),
    (["-o", os.path.join(plain, "r.csv")], plain, "is not a folder"),
    (["-o", work], work, "a folder: -o names the record's file, such as "
     + work + "/%p.csv"),
    (["-o", work + "/"], work + "/", "a folder: -o names the record's file"),
    (["-o", "missing-dir/"], "-o missing-dir/",
     "a folder: -o names the record's file, such as missing-dir/%p.csv"),
    (["--sites=abc"], "'abc'", "a size in bytes"),
    (["--sites=12Q"], "'12Q'", "a size in bytes"),
]
if os.geteuid() != 0:
    cases.append((["-o", os.path.join(locked, "r.csv")], locked,
                  "Permission denied"))
for args, names, why in cases:
    res = t.run([t.LAUNCHER] + args + program, env)
    first = res.stderr.splitlines()[0] if res.stderr else ""
    t.check(res.returncode == 2, "%s: exit 2, got %d" % (args, res.returncode))
    t.check(names in first and why in first,
            "%s: one line naming it and why: %r" % (args, res.stderr))
    t.check(not os.path.exists(ran), "%s: the program not run" % args)
for args in (["-o", os.path.join(work, "x%j", "r.csv")], ["--sites=4M"],
             ["-o", "/dev/null"]):
    res = t.run([t.LAUNCHER, "-q"] + args + program, env)
    t.check(res.returncode == 0 and os.path.exists(ran),
            "%s: taken, the program run: %d %r" % (args, res.returncode,
                                                  res.stderr))
    if os.path.exists(ran):
        os.unlink(ran)
os.chmod(locked, 0o700)
t.done()

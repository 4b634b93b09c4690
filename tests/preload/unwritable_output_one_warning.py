"""A record that cannot be written (missing directory, a path through a
file, a full disk, a symlink, which is never followed, a path too long)
costs one warning line on stderr; the program's stdout and exit status are
unchanged."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
victim = os.path.join(work, "victim")
with open(victim, "w") as f:
    f.write("keep\n")
link = os.path.join(work, "link.csv")
os.symlink(victim, link)
afile = os.path.join(work, "afile")
open(afile, "w").close()
script = "import sys; print('out'); sys.exit(5)"
plain = t.run([t.PYTHON3, "-c", script], t.clean_env())
targets = [os.path.join(work, "no", "such", "dir", "rec.csv"),
           os.path.join(afile, "rec.csv"), link]
if os.path.exists("/dev/full"):
    targets.append("/dev/full")
for target in targets:
    res = t.run([t.PYTHON3, "-c", script], t.preload_env(target))
    t.check(res.returncode == plain.returncode == 5,
            "%s: exit status %d" % (target, res.returncode))
    t.check(res.stdout == plain.stdout == "out\n", "%s: stdout" % target)
    lines = res.stderr.splitlines()
    warnings = [l for l in lines if "cannot write" in l]
    t.check(len(warnings) == 1 and target in warnings[0],
            "%s: one warning naming the path: %r" % (target, lines))
    t.check(len(lines) == 2 and t.SUMMARY.match(lines[-1]),
            "%s: warning and summary, nothing else: %r" % (target, lines))
# A path longer than the system allows: one warning too.
res = t.run([t.PYTHON3, "-c", script],
            t.preload_env(os.path.join(work, "x" * 5000)))
t.check(res.returncode == 5 and res.stdout == "out\n",
        "too long: exit status and stdout")
warnings = [l for l in res.stderr.splitlines() if "cannot write" in l]
t.check(len(warnings) == 1 and "too long" in warnings[0],
        "too long: one warning: %r" % res.stderr)
with open(victim) as f:
    t.check(f.read() == "keep\n", "the symlink's target is untouched")
t.check(not os.path.exists(os.path.join(work, "no")), "no directory made")
t.done()

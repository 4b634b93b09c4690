"""A setuid or setgid PROGRAM run by a user it makes someone else, for
which the dynamic loader ignores LD_PRELOAD, is named in one line
(`heapline: PATH is setuid: LD_PRELOAD cannot measure it`) and run all
the same, with its exit status. The same program run by its owner is
measured, and nothing is said. Needs root (to make the programs and run
them as nobody) and setpriv."""

import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
nobody = t.as_nobody()
if nobody is None:
    t.skip("needs root and setpriv")
work = t.tmpdir()
os.chmod(work, 0o755)
setuid = os.path.join(work, "setuid-root")
setgid = os.path.join(work, "setgid-root")
for path, mode in ((setuid, 0o4755), (setgid, 0o2755)):
    shutil.copy(t.program("exits_with"), path)
    os.chown(path, 0, 0)
    os.chmod(path, mode)
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)
said = "heapline: %s %s: LD_PRELOAD cannot measure it\n"


def summaries(stderr):
    return [l for l in stderr.splitlines() if t.SUMMARY.match(l)]


for path, what in ((setuid, "is setuid"), (setgid, "is setgid")):
    res = t.run(nobody + [t.LAUNCHER, path, "6"], env)
    t.check(res.returncode == 6, "%s as nobody: its status 6, got %d: %s"
            % (path, res.returncode, res.stderr))
    t.check(res.stderr == said % (path, what), "%s as nobody: stderr %r"
            % (path, res.stderr))
    res = t.run([t.LAUNCHER, path, "6"], env)
    t.check(res.returncode == 6, "%s as root: its status 6, got %d"
            % (path, res.returncode))
    t.check(len(summaries(res.stderr)) == 1
            and len(res.stderr.splitlines()) == 1,
            "%s as root, its owner: measured, nothing said: %r"
            % (path, res.stderr))
t.done()

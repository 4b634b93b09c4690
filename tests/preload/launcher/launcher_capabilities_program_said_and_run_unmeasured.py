"""A PROGRAM with file capabilities, run by a user other than root (the
dynamic loader then ignores LD_PRELOAD), is named in one line
(`heapline: PATH has file capabilities: LD_PRELOAD cannot measure it`)
and run all the same, with its exit status. Run by root, it is measured
and nothing is said. Needs root, setpriv and setcap (libcap2-bin)."""

import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
nobody = t.as_nobody()
setcap = shutil.which("setcap") or "/usr/sbin/setcap"
if nobody is None or not os.path.exists(setcap):
    t.skip("needs root, setpriv and setcap")
work = t.tmpdir()
os.chmod(work, 0o755)
capped = os.path.join(work, "capped")
shutil.copy(t.program("exits_with"), capped)
os.chmod(capped, 0o755)
made = subprocess.run([setcap, "cap_net_raw+ep", capped],
                      capture_output=True, text=True)
if made.returncode != 0:
    t.skip("setcap failed here: %s" % made.stderr.strip())
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)

res = t.run(nobody + [t.LAUNCHER, capped, "8"], env)
want = ("heapline: %s has file capabilities: LD_PRELOAD cannot measure it\n"
        % capped)
t.check(res.returncode == 8, "as nobody: its status 8, got %d: %s"
        % (res.returncode, res.stderr))
t.check(res.stderr == want, "as nobody: stderr %r, want %r"
        % (res.stderr, want))
res = t.run([t.LAUNCHER, capped, "8"], env)
t.check(res.returncode == 8, "as root: its status 8, got %d" % res.returncode)
t.check(len([l for l in res.stderr.splitlines() if t.SUMMARY.match(l)]) == 1
        and len(res.stderr.splitlines()) == 1,
        "as root: measured, nothing said: %r" % res.stderr)
t.done()

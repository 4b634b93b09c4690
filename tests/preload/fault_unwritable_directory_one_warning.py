"""HEAPLINE_OUTPUT in a directory the user may not write: stdout, stderr
and exit status unchanged but for one warning. Root may write anywhere, so
as root the program runs as nobody."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faults  # noqa: E402
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
locked = os.path.join(work, "locked")
os.mkdir(locked, 0o555)
os.chmod(work, 0o755)
prefix = t.as_nobody() or []
if os.getuid() == 0 and not prefix:
    t.skip("root without setpriv: permissions do not stop root")
if prefix and t.run(prefix + [t.PYTHON3, "-c", "0"], t.clean_env()).returncode:
    t.skip("nobody cannot run python here")
out = os.path.join(locked, "rec.csv")
res = t.unchanged(prefix + faults.ARGV, out, "unwritable directory")
t.check(t.WARNING + out + ": Permission denied" in res.stderr,
        "the warning: %r" % res.stderr)
t.check(os.listdir(locked) == [], "nothing written: %r" % os.listdir(locked))
t.done()

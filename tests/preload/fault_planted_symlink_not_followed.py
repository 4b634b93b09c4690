"""A record path that is a symbolic link another user planted, in a
sticky world-writable directory like /tmp, is not followed: the file it
points to is untouched, the link stays, and the program's stdout, stderr
and exit status are unchanged but for one warning. As root only (it gives
the link to nobody), else skipped."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faults  # noqa: E402
import hltest as t  # noqa: E402

t.require_built()
if os.getuid() != 0:
    t.skip("not root: cannot plant a link as another user")
shared = t.tmpdir()
os.chmod(shared, 0o1777)
victim = os.path.join(t.tmpdir(), "victim")
with open(victim, "w") as f:
    f.write("keep\n")
link = os.path.join(shared, "rec.csv")
os.symlink(victim, link)
os.lchown(link, 65534, 65534)
faults.one_warning(link, "planted link")
with open(victim) as f:
    t.check(f.read() == "keep\n", "the link's target is untouched")
t.check(os.path.islink(link) and os.lstat(link).st_uid == 65534,
        "the link is still nobody's link")
t.check(os.listdir(shared) == ["rec.csv"], "nothing else made: %r"
        % os.listdir(shared))
t.done()

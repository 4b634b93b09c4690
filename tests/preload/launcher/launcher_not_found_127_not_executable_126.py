"""A PROGRAM that cannot be run gets one line naming it, as a shell says
it, and the shell's status: `heapline: NAME: command not found` and 127
for a name not in PATH, 127 for a path that does not exist, 126 for a
file that is not executable or a directory. Nothing else is printed."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
plain = os.path.join(work, "plain")
with open(plain, "w") as f:
    f.write("echo should not run\n")
os.chmod(plain, 0o644)
missing = os.path.join(work, "missing")
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)
in_path = t.clean_env(HEAPLINE_LIBRARY=t.LIB, PATH=work + ":/usr/bin:/bin")
for argv, run_env, status, line in (
        (["no-such-program-heapline-test"], env, 127,
         "heapline: no-such-program-heapline-test: command not found"),
        ([missing], env, 127,
         "heapline: %s: No such file or directory" % missing),
        ([plain], env, 126, "heapline: %s: Permission denied" % plain),
        (["plain"], in_path, 126, "heapline: plain: Permission denied"),
        ([work], env, 126, "heapline: %s: Is a directory" % work)):
    res = t.run([t.LAUNCHER] + argv, run_env)
    t.check(res.returncode == status, "%s: exit %d, got %d"
            % (argv, status, res.returncode))
    t.check(res.stderr == line + "\n", "%s: stderr %r, want %r"
            % (argv, res.stderr, line))
    t.check(res.stdout == "", "%s: nothing on stdout: %r"
            % (argv, res.stdout))
t.done()

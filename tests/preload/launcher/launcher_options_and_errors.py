"""heapline --help and --version succeed; a bad option, a missing option
argument or a missing PROGRAM is a usage error: a clear message on stderr,
exit status 2, nothing run. A PROGRAM that does not exist gives 127."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
env = t.clean_env(HEAPLINE_LIBRARY=t.LIB)
res = t.run([t.LAUNCHER, "--help"], env)
t.check(res.returncode == 0 and res.stdout.startswith("Usage: heapline"),
        "--help: %r" % res.stdout[:80])
res = t.run([t.LAUNCHER, "-h"], env)
t.check(res.returncode == 0 and "Usage:" in res.stdout, "-h")
res = t.run([t.LAUNCHER, "--version"], env)
t.check(res.returncode == 0
        and res.stdout.startswith("heapline ") and res.stderr == "",
        "--version: %r" % res.stdout)
for args in (["--bogus", "true"], ["-x", "true"], ["-o"], []):
    res = t.run([t.LAUNCHER] + args, env)
    t.check(res.returncode == 2, "%s: exit 2, got %d" % (args, res.returncode))
    t.check(res.stderr.startswith("heapline: ") and "--help" in res.stderr,
            "%s: a message pointing to --help: %r" % (args, res.stderr))
    t.check(res.stdout == "", "%s: nothing on stdout" % args)
res = t.run([t.LAUNCHER, "no-such-program-heapline-test"], env)
t.check(res.returncode == 127, "missing program: 127, got %d"
        % res.returncode)
res = t.run([t.LAUNCHER, "--", "sh", "-c", "exit 7"], env)
t.check(res.returncode == 7, "the program's exit status: %d"
        % res.returncode)
t.done()

"""Shared by the fault tests: a program that writes to stdout and stderr
and exits 5, and scratch file systems for root."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

SCRIPT = ("import sys\n"
          "print('out')\n"
          "print('err', file=sys.stderr)\n"
          "x = [bytes(1000) for i in range(1000)]\n"
          "sys.exit(5)\n")
ARGV = [t.PYTHON3, "-c", SCRIPT]


def mount_tmpfs(where, options):
    """Mounts a tmpfs at where, or skips the test (not root, or no right to
    mount here, as in some containers). Unmounted when the test ends."""
    if os.getuid() != 0:
        t.skip("not root: cannot mount a file system")
    res = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs",
                          where], capture_output=True, text=True)
    if res.returncode != 0:
        t.skip("mount -t tmpfs failed: %s" % res.stderr.strip())
    import atexit
    atexit.register(subprocess.run, ["umount", where])


def one_warning(output, what, **run_kw):
    """The program under heapline writing to output: its stdout, stderr and
    exit status unchanged but for one warning that names output."""
    res = t.unchanged(ARGV, output, what, **run_kw)
    warnings = [l for l in res.stderr.splitlines()
                if l.startswith(t.WARNING)]
    t.check(len(warnings) == 1 and output in warnings[0],
            "%s: the warning names the path: %r" % (what, warnings))
    return warnings

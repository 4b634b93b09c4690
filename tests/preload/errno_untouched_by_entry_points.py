"""Every entry point leaves errno as it was when it succeeds (the program
checks, call by call, in TAP)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
res = t.run([t.program("errno_untouched")], t.preload_env())
t.check(res.returncode == 0, "exit 0:\n%s%s" % (res.stdout, res.stderr))
t.done()

"""Every option that `heapline --help` lists is documented in heapline(1),
and the man page documents no launcher option that --help lacks; every
HEAPLINE_ variable the library reads is in the man page."""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
res = t.run([t.LAUNCHER, "--help"], t.clean_env(HEAPLINE_LIBRARY=t.LIB))
help_opts = set(re.findall(r"(?m)^\s+(?:(-\w), )?(--[\w-]+)", res.stdout))
t.check(len(help_opts) == 6, "--help lists 6 options: %r" % help_opts)
with open(t.MANPAGE) as f:
    man = f.read()
plain = man.replace("\\-", "-").replace("\\fB", "").replace("\\fR", "") \
    .replace("\\fI", "")
man_opts = set(re.findall(r"(?m)^(?:(-\w), )?(--[\w-]+)", plain))
t.check(help_opts == man_opts, "options: --help %r, man page %r"
        % (sorted(help_opts), sorted(man_opts)))
for var in ("HEAPLINE_OUTPUT", "HEAPLINE_QUIET", "HEAPLINE_LIBRARY",
            "HEAPLINE_SITES", "HEAPLINE_SITES_RATE", "HEAPLINE_SITES_SEED",
            "LD_PRELOAD"):
    t.check(var in plain, "man page documents " + var)
for letter in "prjstNu%":
    t.check("%" + letter in plain, "man page documents %" + letter)
t.done()

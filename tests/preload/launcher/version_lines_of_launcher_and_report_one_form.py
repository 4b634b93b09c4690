"""heapline --version and heapline-report --version print one line of the
same form, `PROGRAM (heapline) VERSION`, with the same VERSION."""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import hltest as t  # noqa: E402

t.require_built()
if not os.path.exists(t.REPORT):
    t.skip("heapline-report not built: %r" % t.REPORT)
versions = []
for prog, name in ((t.LAUNCHER, "heapline"), (t.REPORT, "heapline-report")):
    res = t.run([prog, "--version"], t.clean_env(HEAPLINE_LIBRARY=t.LIB))
    m = re.fullmatch(r"%s \(heapline\) (\d+\.\d+\.\d+\S*)\n" % name,
                     res.stdout)
    t.check(res.returncode == 0 and m is not None and res.stderr == "",
            "%s --version: %r" % (name, res.stdout))
    if m:
        versions.append(m.group(1))
t.check(len(set(versions)) == 1, "one version: %r" % versions)
t.done()

"""A C program linked statically with heapline (libheapline-static.a, with
the options of `pkg-config --static --libs heapline`) gives the same
record as the same program linked dynamically with the library preloaded:
allocations, releases, heap peak, live heap at exit, its three sites in
order, and a timeline. The heapline launcher runs it measured, and does not
call it unmeasured because it is static."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import static_link  # noqa: E402

work = t.tmpdir()
dynamic, static = static_link.build_both(
    "gcc", os.path.join(static_link.SRCDIR, "callsites_three.c"), work,
    ["-g", "-O1"])
static_link.same_record(dynamic, static, work)

out = os.path.join(work, "launched.csv")
res = t.run([t.LAUNCHER, "-o", out, static], t.clean_env(HEAPLINE_LIBRARY=t.LIB))
said = [line for line in res.stderr.splitlines() if not t.SUMMARY.match(line)]
t.check(res.returncode == 0 and not said and os.path.isfile(out)
        and len([x for x in res.stderr.splitlines() if t.SUMMARY.match(x)]) == 1,
        "the launcher runs it measured, with nothing said of it: %d %r"
        % (res.returncode, res.stderr))
t.done()

"""A C program linked statically with heapline (libheapline-static.a, with
the options of `pkg-config --static --libs heapline`) gives the same
record as the same program linked dynamically with the library preloaded:
allocations, releases, heap peak, live heap at exit, its three sites in
order, and a timeline."""

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
t.done()

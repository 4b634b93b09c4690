"""A C++ program (new, std::vector) linked statically with heapline gives
the same record as the same program linked dynamically with the library
preloaded: allocations, releases, heap peak, live heap at exit, its sites
named by their functions in order, and a timeline. Its operator new and
delete are libstdc++'s, which reach the wrapped malloc and free."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import static_link  # noqa: E402

work = t.tmpdir()
dynamic, static = static_link.build_both(
    "g++", os.path.join(static_link.SRCDIR, "callsites_cxx.cc"), work,
    ["-g", "-O2"])
static_link.same_record(dynamic, static, work)
t.done()

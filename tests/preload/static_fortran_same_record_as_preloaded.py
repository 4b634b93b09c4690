"""A Fortran program (allocate in a module procedure and in the main
program) linked statically with heapline by gfortran gives the same record
as the same program linked dynamically with the library preloaded:
allocations, releases, heap peak, live heap at exit, its sites in order,
and a timeline."""

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import static_link  # noqa: E402

gfortran = shutil.which("gfortran")
if not gfortran:
    t.skip("gfortran not found (tests/deps.sh installs it)")
work = t.tmpdir()
dynamic, static = static_link.build_both(
    gfortran, os.path.join(static_link.SRCDIR, "callsites_fortran.f90"),
    work, ["-g", "-O2", "-J", work])
static_link.same_record(dynamic, static, work)
t.done()

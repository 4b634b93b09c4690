"""A C++ program (new, std::vector in a class) and a Fortran program
(allocate in a module procedure and in the main program) have their sites
named in their own language's terms: demangled C++ names with their
arguments and the std::vector frames they go through; module::procedure
and the program's name for Fortran."""

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import callsites  # noqa: E402

callsites.require_report()
work = t.tmpdir()

rec = os.path.join(work, "cxx.csv")
res = t.run([t.program("callsites_cxx")], callsites.sites_env(rec, 1))
t.check(res.returncode == 0, "C++ program exits 0: %r" % res.stderr)
doc = callsites.report_json([rec])
names = callsites.site_names(doc)
t.check(len(names) >= 2 and names[0].startswith("make_field(unsigned long)")
        and names[1].startswith("ocean::Grid::Grid(unsigned long)"),
        "C++ sites named by their functions: %r" % names)
frames = [f["function"] or "" for f in doc["sites"]["top"][0]["frames"]]
t.check(any(f.startswith("std::vector<double") for f in frames),
        "std::vector's frames are there, demangled: %r" % frames)

gfortran = shutil.which("gfortran")
if not gfortran:
    print("# gfortran not found: the Fortran part is left out")
    t.done()
exe = os.path.join(work, "callsites_fortran")
src = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                   "callsites_fortran.f90")
res = t.run([gfortran, "-g", "-O2", "-J", work, "-o", exe, src],
            t.clean_env())
t.check(res.returncode == 0, "gfortran builds the program: %r" % res.stderr)
rec = os.path.join(work, "fortran.csv")
res = t.run([exe], callsites.sites_env(rec, 1))
t.check(res.returncode == 0, "Fortran program exits 0: %r" % res.stderr)
names = callsites.site_names(callsites.report_json([rec]))
t.check(len(names) >= 2 and names[0].startswith("grid::alloc_field (")
        and names[1].startswith("callsites_fortran ("),
        "Fortran sites named module::procedure and by the program: %r"
        % names)
t.done()

"""With sites on at a rate of 64 bytes, nearly every block is sampled, so
nearly every block of glibc's heap below 64 KiB is moved into a tagged copy
(preload/alloc/tagged.h): the counted programs of every entry point still
give exact counts, and the blocks of memalign, posix_memalign,
aligned_alloc, valloc and pvalloc still have the alignment they asked
for (the programs check it)."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
COUNTED = ["counts_malloc", "counts_calloc", "counts_realloc",
           "counts_reallocarray", "counts_posix_memalign",
           "counts_aligned_alloc", "counts_memalign", "counts_valloc",
           "counts_pvalloc", "counts_cxx_new_delete",
           "counts_cxx_own_operators", "threads_exact"]

t.require_built()
env = dict(os.environ, HEAPLINE_TEST_SITES_RATE="64")
for name in COUNTED:
    argv = [t.PYTHON3, os.path.join(HERE, "run_counted.py"), t.program(name)]
    res = subprocess.run(argv, env=env, capture_output=True, text=True)
    t.check(res.returncode == 0, "every block sampled: %s exits %d:\n%s%s"
            % (name, res.returncode, res.stdout, res.stderr))
t.done()

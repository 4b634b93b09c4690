"""The fork, exec, signal and thread tests pass with sampled sites on, at a
rate four times the default (128 KiB): malloc in a signal handler, the
program's own SIGSEGV handler, exec chains, forked children with their
own records, and the exact counts of threads.

Not the 64-thread fork storm: with sites on, fault_fork_while_sampling
forks 200 times while threads take a stack at every allocation, which a
rate of 128 KiB does far less often. The storm here took a make slot for
its whole run while it waited for make check's own storm, the other
slot: in CI's logs of 94c8f31, tests/preload ran these two alone for 8 of
its 12 minutes."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = ["fault_malloc_in_signal_handler.py",
         "fault_own_sigsegv_handler.py",
         "exec_chain_measures_new_image.py",
         "fork_without_exec_two_records.py",
         "sigkill_leaves_record_with_peak.py"]
COUNTED = ["threads_exact", "threads_peak_within_bound", "counts_malloc",
           "counts_realloc", "counts_cxx_new_delete"]

t.require_built()
env = dict(os.environ, HEAPLINE_TEST_SITES_RATE="128K")
runs = [[t.PYTHON3, os.path.join(HERE, name)] for name in TESTS]
runs += [[t.PYTHON3, os.path.join(HERE, "run_counted.py"), t.program(name)]
         for name in COUNTED]
for argv in runs:
    res = subprocess.run(argv, env=env, capture_output=True, text=True)
    t.check(res.returncode in (0, 77), "with sites on: %s exits %d:\n%s%s"
            % (os.path.basename(argv[-1]), res.returncode, res.stdout,
               res.stderr))
t.done()

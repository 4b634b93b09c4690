"""Test driver (LOG_COMPILER) for the programs in TESTS: a counts_* or
threads_* program is checked by hltest.check_counted; any other (a unit
test) runs as it is."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

prog = os.path.abspath(sys.argv[1])
if not os.path.basename(prog).startswith(("counts_", "threads_")):
    os.execv(prog, [prog] + sys.argv[2:])
t.require_built()
t.check_counted(prog)
t.done()

"""HEAPLINE_OUTPUT on a full device (/dev/full): the program's stdout,
stderr and exit status are unchanged but for one warning that says the
device is full."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faults  # noqa: E402
import hltest as t  # noqa: E402

t.require_built()
if not os.path.exists("/dev/full"):
    t.skip("no /dev/full")
w = faults.one_warning("/dev/full", "/dev/full")
t.check(w and "No space left on device" in w[0], "the reason: %r" % w)
t.done()

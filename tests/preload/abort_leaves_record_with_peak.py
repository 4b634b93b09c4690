"""A process that calls abort() while it holds 400 MiB it allocated
and touched leaves a record with that peak, within 1% or 1 MiB; its exit
status is what it is without heapline; heapline-report flags it."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dying  # noqa: E402

dying.died("abort", -6)

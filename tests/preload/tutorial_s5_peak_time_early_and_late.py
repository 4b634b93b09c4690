"""Tutorial section 5: a program that allocates first and then sleeps
peaks early (under 0.5 s); one that sleeps first peaks at 2.0 s or later.
Both peak at the same size."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
early = os.path.join(work, "early.csv")
late = os.path.join(work, "late.csv")
t.run([t.PYTHON3, "-c",
       "import time; x = bytes(300 * 10**6); del x; time.sleep(2)"],
      t.preload_env(early))
t.run([t.PYTHON3, "-c",
       "import time; time.sleep(2); x = bytes(300 * 10**6)"],
      t.preload_env(late))
a = t.read_record(early)
b = t.read_record(late)
t.check(a["peak_heap_time_s"] < 0.5, "early peak at %.3f s < 0.5"
        % a["peak_heap_time_s"])
t.check(a["elapsed_s"] >= 2.0, "early program ran %.3f s" % a["elapsed_s"])
t.check(b["peak_heap_time_s"] >= 2.0, "late peak at %.3f s >= 2.0"
        % b["peak_heap_time_s"])
t.check(b["peak_heap_time_s"] <= b["elapsed_s"], "late peak within the run")
t.check(abs(a["peak_heap_bytes"] - b["peak_heap_bytes"]) < 2**20,
        "same peak: %d, %d" % (a["peak_heap_bytes"], b["peak_heap_bytes"]))
t.done()

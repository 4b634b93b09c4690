"""Tutorial section 5: a program that allocates first and then sleeps
2 s peaks early, at least 2 s before its end; one that sleeps 2 s first
peaks at 2 s or later (less at most the coarse clock's tick, by which the
library may read a time early), and not past its end. Both peak at the
same size. No bound here depends on the machine's speed: load only
stretches the times."""

import math
import os
import sys
import time

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
# CLOCK_MONOTONIC_COARSE, which Python's time module does not name.
tick_ms = math.ceil(time.clock_getres(6) * 1000)


def ms(rec, name):
    return round(rec[name] * 1000)


t.check(ms(a, "elapsed_s") >= 2000, "early program ran %.3f s"
        % a["elapsed_s"])
t.check(ms(a, "peak_heap_time_s") <= ms(a, "elapsed_s") - 2000,
        "early peak at %.3f s, before the 2 s sleep that ends at %.3f s"
        % (a["peak_heap_time_s"], a["elapsed_s"]))
t.check(ms(b, "peak_heap_time_s") >= 2000 - tick_ms,
        "late peak at %.3f s >= 2.0 s less a tick (%d ms)"
        % (b["peak_heap_time_s"], tick_ms))
t.check(ms(b, "peak_heap_time_s") <= ms(b, "elapsed_s"),
        "late peak within the run")
t.check(abs(a["peak_heap_bytes"] - b["peak_heap_bytes"]) < 2**20,
        "same peak: %d, %d" % (a["peak_heap_bytes"], b["peak_heap_bytes"]))
t.done()

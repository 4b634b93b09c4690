"""Tutorial section 4: zeroed blocks that are never written leave VmHWM
under 30 MiB though the heap peaks at 288 MiB; once every byte is written,
VmHWM exceeds the heap peak."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
untouched = os.path.join(work, "run.csv")
touched = os.path.join(work, "touched.csv")
t.run([t.PYTHON3, "-c", t.TUTORIAL], t.preload_env(untouched))
t.run([t.PYTHON3, "-c", "x = [b'x' * 10**6 for i in range(300)]"],
      t.preload_env(touched))
a = t.read_record(untouched)
b = t.read_record(touched)
t.check(a["vmhwm_bytes"] < 30 * 2**20, "untouched VmHWM %d < 30 MiB"
        % a["vmhwm_bytes"])
t.check(a["peak_heap_bytes"] > 280 * 2**20, "untouched heap peak %d"
        % a["peak_heap_bytes"])
t.check(b["vmhwm_bytes"] > b["peak_heap_bytes"],
        "touched VmHWM %d > heap peak %d"
        % (b["vmhwm_bytes"], b["peak_heap_bytes"]))
t.done()

"""An exec that fails leaves the process as it was: heapline removes the
provisional record just before exec (the image replaced did not die) and
makes it again when exec fails, so that a process killed afterwards still
leaves its record, with the peak it reached after the failed exec."""

import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
script = ("import os\n"
          "try:\n"
          "    os.execv('/nonexistent/program', ['program'])\n"
          "except OSError:\n"
          "    print('exec failed', flush=True)\n"
          "b = b'x' * (50 << 20)\n"
          "os.kill(os.getpid(), 9)\n")
res = t.run([t.PYTHON3, "-c", script], t.preload_env(rec_path))
t.check(res.returncode == -signal.SIGKILL and res.stdout == "exec failed\n",
        "the exec failed, then SIGKILL: %d %r" % (res.returncode, res.stdout))
rec = t.read_provisional(rec_path)
t.check(rec["peak_heap_bytes"] >= (50 << 20) - (1 << 20),
        "the peak after the failed exec: %d" % rec["peak_heap_bytes"])
t.check(os.listdir(work) == ["rec.csv"], "nothing else left: %r"
        % os.listdir(work))
t.done()

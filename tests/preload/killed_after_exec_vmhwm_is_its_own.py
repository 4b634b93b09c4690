"""The provisional record of a program that a larger image executed holds
the program's own VmHWM: a process that touched 200 MiB executes a small
one, which waits past the 10 ms between readings of memory, reaches a
milestone (so that memory is read again, with getrusage, whose ru_maxrss
still holds the 200 MiB of the image replaced) and is killed. Its record's
vmhwm_bytes is well below those 200 MiB."""

import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

SMALL = ("import os, time\n"
         "time.sleep(0.05)\n"
         "x = [bytes(10**6) for i in range(8)]\n"
         "os.kill(os.getpid(), 9)\n")
LARGE = ("import os, sys\n"
         "b = bytearray(b'x' * (200 << 20))\n"
         "os.execv(sys.executable, [sys.executable, '-c', %r])\n" % SMALL)

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
res = t.run([t.PYTHON3, "-c", LARGE], t.preload_env(rec_path))
t.check(res.returncode == -signal.SIGKILL,
        "the small image was killed: %d %r" % (res.returncode, res.stderr))
rec = t.read_provisional(rec_path)
t.check(rec["peak_heap_bytes"] >= 7 * 10**6 and
        rec["peak_heap_bytes"] < (100 << 20),
        "the small image's peak: %d" % rec["peak_heap_bytes"])
t.check(0 < rec["vmhwm_bytes"] < (100 << 20),
        "its own VmHWM, not the 200 MiB of the image replaced: %d"
        % rec["vmhwm_bytes"])
t.check(os.listdir(work) == ["rec.csv"], "nothing else left: %r"
        % os.listdir(work))
t.done()

"""A process that allocates 200 MiB at once, then touches it for three
seconds with no further allocation, then is killed (SIGKILL), leaves a
provisional record whose VmHWM is within 5% of what it touched and whose
elapsed time covers its life: at least from its first line to its kill,
at most from before it started to the refresher's end. The refresher
(refresh.h) kept them fresh after the heap's last milestone, which came
seconds before the kill. The refresher is none of the program's: not
among its threads, gone with it. No bound here depends on the machine's
speed: the test waits for what it needs, as long as it takes."""

import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

MIB = 200

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
start = time.monotonic()
proc = subprocess.Popen([t.program("touches_after_allocating"), str(MIB)],
                        env=t.preload_env(rec_path, HEAPLINE_QUIET="1"),
                        stdout=subprocess.PIPE, text=True)
t.check(proc.stdout.readline() == "allocated\n", "it allocated")
alive = time.monotonic()  # the library had started
t.check(proc.stdout.readline() == "touched\n", "it touched its memory")
with open("/proc/%d/status" % proc.pid) as f:
    threads = [l for l in f if l.startswith("Threads:")]
t.check(threads == ["Threads:\t1\n"], "one thread: %r" % threads)
touched = MIB << 20


def fresh():
    """Whether the record shows the memory touched."""
    try:
        rec = t.read_provisional(rec_path)
    except (OSError, ValueError, IndexError, KeyError):
        return False
    return abs(rec["vmhwm_bytes"] - touched) <= touched * 0.05


# The refresher reads four times a second; on a loaded machine, later: the
# kill waits for its reading of the touched memory (without the refresher,
# the record never shows it, and the test hangs here).
while not fresh():
    time.sleep(0.05)
time.sleep(max(0.0, start + 3.0 - time.monotonic()))
killed = time.monotonic()
proc.send_signal(signal.SIGKILL)
proc.wait()



# Its last write, the elapsed time, comes once the process is gone, and
# then the refresher goes too (else the test hangs here).
t.refreshers_gone(work)
gone = time.monotonic()
rec = t.read_provisional(rec_path)
t.check(abs(rec["vmhwm_bytes"] - touched) <= touched * 0.05,
        "VmHWM %d within 5%% of the %d bytes touched"
        % (rec["vmhwm_bytes"], touched))
# One millisecond either way: elapsed_s is rounded to it.
t.check(killed - alive - 0.001 <= rec["elapsed_s"] <= gone - start + 0.001,
        "elapsed %.3f s from at least its first line to its kill, %.3f s, "
        "to at most its start to the refresher's end, %.3f s"
        % (rec["elapsed_s"], killed - alive, gone - start))
t.done()

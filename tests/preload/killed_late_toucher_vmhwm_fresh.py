"""A process that allocates its heap (40 MiB) in its first moments, touches
it after its first second, and 100 MiB more that the allocator never sees
(mmap), then sleeps with no call of the allocator and is killed, leaves a
provisional record whose VmHWM is within 5% of what it held, and whose
elapsed time is its life: its refresher, started with its record, kept
them fresh (issue 36: it left VmHWM 1.9 MiB and 0.001 s)."""

import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
start = time.monotonic()
proc = subprocess.Popen([t.program("late_toucher"), "40", "100"],
                        env=t.preload_env(rec_path, HEAPLINE_QUIET="1"),
                        stdout=subprocess.PIPE, text=True)
words = proc.stdout.readline().split()
t.check(len(words) == 2 and words[0] == "held", "it said what it held: %r"
        % words)
held = int(words[1])
said = time.monotonic()


def fresh():
    try:
        rec = t.read_provisional(rec_path)
    except (OSError, ValueError, IndexError, KeyError):
        return False
    return abs(rec["vmhwm_bytes"] - held) <= held * 0.05



# The refresher reads four times a second; on a loaded machine, later: the
# kill waits for its reading of what was touched (without the refresher,
# the record never shows it, and the test hangs here).
while not fresh():
    time.sleep(0.05)
# It had slept 1.2 s before it said what it held, and lived until killed.
lived = 1.2 + time.monotonic() - said
proc.send_signal(signal.SIGKILL)
proc.wait()
# Its last write, the elapsed time, comes once the process is gone, and
# then the refresher goes too (else the test hangs here).
t.refreshers_gone(work)
life = time.monotonic() - start
rec = t.read_provisional(rec_path)
t.check(abs(rec["vmhwm_bytes"] - held) <= held * 0.05,
        "VmHWM %d within 5%% of the %d bytes it held"
        % (rec["vmhwm_bytes"], held))
# One millisecond either way: elapsed_s is rounded to it.
t.check(lived - 0.001 <= rec["elapsed_s"] <= life + 0.001,
        "elapsed %.3f s, its life: at least the %.3f s it surely lived, at "
        "most its start to the refresher's end, %.3f s"
        % (rec["elapsed_s"], lived, life))
t.done()

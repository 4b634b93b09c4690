"""The same three sites, the program SIGKILLed after its peak: its
provisional record keeps the sites of its last peak, and the report names
the three in order, within three standard errors."""

import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import callsites  # noqa: E402

callsites.require_report()
work = t.tmpdir()
rec = os.path.join(work, "rec.csv")
proc = subprocess.Popen([t.program("callsites_three"), "kill"],
                        env=callsites.sites_env(rec, 11), stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True)
out = ""
while "peak" not in out.split():
    line = proc.stdout.readline()
    if not line:
        break
    out += line
proc.send_signal(signal.SIGKILL)
proc.stdin.close()
proc.stdout.read()
t.check(proc.wait() == -signal.SIGKILL, "killed by SIGKILL")
with open(rec) as f:
    t.check(f.read().split("\n")[1].endswith(",end"),
            "a provisional record is left")
doc = callsites.report_json([rec])
callsites.check_three(doc, callsites.truths(out), "killed")
t.done()

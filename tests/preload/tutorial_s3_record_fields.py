"""Tutorial section 3: HEAPLINE_OUTPUT gives a record of three lines with
the exact header; every field parses; pid and host are the process's; job
is empty outside Slurm; the summary line tells the same figures."""

import os
import socket
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
proc = subprocess.Popen([t.PYTHON3, "-c", t.TUTORIAL],
                        env=t.preload_env("run.csv"), cwd=work,
                        stderr=subprocess.PIPE, text=True)
_, err = proc.communicate()
t.check(proc.returncode == 0, "exit status 0")
rec = t.read_record(os.path.join(work, "run.csv"))
t.check(rec["pid"] == proc.pid, "pid %d is the program's, %d"
        % (rec["pid"], proc.pid))
t.check(rec["host"] == socket.gethostname(), "host %r" % rec["host"])
t.check(rec["job"] == "", "job empty outside Slurm: %r" % rec["job"])
t.check(rec["rank"] == -1, "rank -1 outside MPI")
t.check(287.5 * 2**20 <= rec["peak_heap_bytes"] <= 289.0 * 2**20,
        "peak_heap_bytes %d" % rec["peak_heap_bytes"])
t.check(rec["allocs"] >= rec["frees"] > 0, "allocs >= frees > 0")
t.check(0 < rec["live_heap_at_exit_bytes"] <= rec["peak_heap_bytes"],
        "0 < live at exit <= peak")
t.check(0 <= rec["peak_heap_time_s"] <= rec["elapsed_s"],
        "0 <= peak time <= elapsed")
t.check(rec["vmrss_at_exit_bytes"] <= rec["vmhwm_bytes"], "VmRSS <= VmHWM")
t.check(rec["vmhwm_bytes"] > 0 and rec["vmhwm_bytes"] % 1024 == 0,
        "VmHWM in bytes from kB")
m = t.SUMMARY.match(err.splitlines()[-1]) if err else None
t.check(m is not None and int(m.group(1)) == rec["allocs"]
        and int(m.group(2)) == rec["frees"], "summary agrees: %r" % err)
t.done()

"""Shared by the tests of processes that die holding 400 MiB: runs
dies_holding under heapline, checks the exit status is what it is without
heapline, and that the record left holds the peak within 1% or 1 MiB
(whichever is larger), and that heapline-report flags it."""

import os
import resource
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402


def _no_core():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _run(mode, env):
    """Runs dies_holding MODE; returns (exit status, usable size held)."""
    proc = subprocess.Popen([t.program("dies_holding"), mode, "400"],
                            env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=_no_core)
    line = proc.stdout.readline()
    if mode == "kill" and line:
        proc.send_signal(signal.SIGKILL)
    proc.stdin.close()
    proc.stdout.read()
    proc.stderr.read()
    status = proc.wait()
    if not t.check(line.startswith("holding "), "%s: %r" % (mode, line)):
        t.done()
    return status, int(line.split()[1])


def report_flags(work, what):
    """heapline-report on the records of work flags a process that did not
    exit normally, its figures as lower bounds."""
    if not os.path.isfile(t.REPORT):
        print("# heapline-report not built: its part is left out")
        return
    res = t.run([t.REPORT, "--no-sacct", work], t.clean_env())
    t.check(res.returncode == 0 and res.stderr == "",
            "%s: the report reads the record: %d %r"
            % (what, res.returncode, res.stderr))
    t.check("did not exit normally" in res.stdout and ">= " in res.stdout,
            "%s: the report flags it:\n%s" % (what, res.stdout))


def died(mode, want_status):
    t.require_built()
    work = t.tmpdir()
    rec_path = os.path.join(work, "rec.csv")
    plain, _ = _run(mode, t.clean_env())
    status, held = _run(mode, t.preload_env(rec_path))
    t.check(status == plain == want_status, "%s: exit status %d, %d without "
            "heapline, expected %d" % (mode, status, plain, want_status))
    rec = t.read_provisional(rec_path)
    bound = max(held // 100, 1 << 20)
    peak = rec["peak_heap_bytes"]
    t.check(abs(peak - held) <= bound, "%s: peak %d within %d of %d (off "
            "by %d)" % (mode, peak, bound, held, peak - held))
    t.check(0 <= rec["peak_heap_time_s"] <= rec["elapsed_s"],
            "%s: the peak's time %.3f within the %.3f s seen"
            % (mode, rec["peak_heap_time_s"], rec["elapsed_s"]))
    t.check(rec["vmhwm_bytes"] > 0, "%s: a VmHWM as last seen: %d"
            % (mode, rec["vmhwm_bytes"]))
    t.check(rec["allocs"] >= 1 and rec["live_heap_at_exit_bytes"] >= held
            - bound, "%s: allocs %d, live %d" % (mode, rec["allocs"],
                                                 rec["live_heap_at_exit_bytes"]))
    t.check(os.listdir(work) == ["rec.csv"], "%s: nothing else left beside "
            "it: %r" % (mode, os.listdir(work)))
    report_flags(work, mode)
    t.done()

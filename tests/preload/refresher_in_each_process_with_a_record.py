"""Every process that writes a record has one refresher (preload/record/
refresh.h), from its start: a process that lives a few milliseconds has
one while it lives, as one that lives more than a second does, and so has
each of the twenty short processes of a shell script, none of them left
once the script is over; a process that writes no record (its summary
line only) starts none. A process killed young leaves its death as its
end: its elapsed time is its life, not its last milestone's moment.

The process no longer waits for its refresher to start: the program counts
once the library's middle child has ended (lives_then_waits.c), and the
kill waits for the refresher to watch the process, each as long as it
takes. A refresher that never comes, or never goes, hangs the test."""

import glob
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()


def refreshers(ms, env):
    """The program's count of its refreshers after its milestones, MS ms
    apart."""
    proc = subprocess.Popen([t.program("lives_then_waits"), str(ms)],
                            env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    out, err = proc.communicate("go\n")
    t.check(proc.returncode == 5, "exit status 5 kept: %r" % proc.returncode)
    sys.stdout.write("".join("# " + l + "\n" for l in err.splitlines()))
    return [l for l in out.splitlines() if l.startswith("refreshers ")]


def watching(pid, folder):
    """Whether a process other than pid and its children holds a file of
    the folder as its fd 3 and pid's folder of /proc open: pid's refresher,
    started and ready to see its death."""
    for other in t.holding_record(folder):
        try:
            with open("/proc/%s/stat" % other) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            fds = os.listdir("/proc/%s/fd" % other)
            targets = [os.readlink("/proc/%s/fd/%s" % (other, fd))
                       for fd in fds]
        except (OSError, IndexError, ValueError):
            continue
        if int(other) != pid and ppid != pid and "/proc/%d" % pid in targets:
            return True
    return False


record = t.preload_env(os.path.join(work, "short.csv"), HEAPLINE_QUIET="1")
t.check(refreshers(0, record) == ["refreshers 1"],
        "a short process with a record has its refresher")
record = t.preload_env(os.path.join(work, "long.csv"), HEAPLINE_QUIET="1")
t.check(refreshers(1200, record) == ["refreshers 1"],
        "one that lives more than a second has one, not two")
none = t.preload_env("", HEAPLINE_QUIET="1")
t.check(refreshers(0, none) == ["refreshers 0"],
        "a process without a record starts none")

scripts = t.tmpdir()
script = ("for i in $(seq 20); do echo go | %s 0 | grep refreshers; done"
          % t.program("lives_then_waits"))
out = t.run(["/bin/sh", "-c", script],
            t.preload_env(os.path.join(scripts, "script.%p.csv"),
                          HEAPLINE_QUIET="1"))
lines = out.stdout.splitlines()
records = [t.read_record(p)
           for p in glob.glob(os.path.join(scripts, "script.*.csv"))]
shells = {r["pid"] for r in records if r["program"] == "sh"}
t.check(sum(r["program"] == "lives_then_waits" and r["ppid"] in shells
            for r in records) == 20,
        "twenty records of the program (and of the child each forks)")
t.check(lines == ["refreshers 1"] * 20,
        "twenty short processes of a script: a refresher each: %r%s"
        % (lines, "".join("\n# " + l for l in out.stderr.splitlines())))
t.refreshers_gone(scripts)  # none left once the script is over, or it hangs

if t.failures:
    # A refresher missing above would be waited for below forever.
    t.done()
young = t.tmpdir()
rec_path = os.path.join(young, "rec.csv")
start = time.monotonic()
proc = subprocess.Popen([t.program("touches_after_allocating"), "16"],
                        env=t.preload_env(rec_path, HEAPLINE_QUIET="1"),
                        stdout=subprocess.PIPE, text=True)
t.check(proc.stdout.readline() == "allocated\n", "it allocated")
alive = time.monotonic()  # after its milestone
milestone = t.read_provisional(rec_path)["elapsed_s"]
# Without a refresher, the test hangs here.
while not watching(proc.pid, young):
    time.sleep(0.01)
# Killed once it has lived past its milestone's moment by 0.3 s at least,
# so that an end left at the milestone's moment cannot pass.
time.sleep(max(0.0, alive + milestone + 0.3 - time.monotonic()))
killed = time.monotonic()
proc.send_signal(signal.SIGKILL)
proc.wait()
# Its last write, the elapsed time, comes once the process is gone; then
# the refresher goes too.
t.refreshers_gone(young)
rec = t.read_provisional(rec_path)
# One millisecond: elapsed_s is rounded to it.
t.check(rec["elapsed_s"] >= killed - alive - 0.001 > milestone,
        "killed %.3f s after its milestone at %.3f s: elapsed %.3f s, its "
        "life, not its milestone's moment"
        % (killed - alive, milestone, rec["elapsed_s"]))
t.done()

"""The SPANK plugin's part of `make bench`: what a measured step's end
costs, on a test cluster (tests/slurm/cluster.sh).

Each repetition runs, in a rotated order, `srun -N2 -n4 true` plain; the
same under `--heapline` with the default sacct_wait (srun waits for sacct's
MaxRSS of the step); the same with sacct_wait=0 (the report at once); and
a plain step while sacct is polled from outside, back to back, for the
step's usage figures: the moment sacct first has the step's MaxRSS, which
the step end with the sacct comparison cannot beat. Goals (issue 20): the
default adds at most 0.1 s to that moment, sacct_wait=0 at most 0.05 s to
plain srun. Figures are medians of the per-repetition differences, which
cancel the drift of a shared machine between repetitions.
"""

import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CLUSTER_SH = os.path.join(HERE, "..", "slurm", "cluster.sh")
SRUN = ["srun", "-N2", "-n4"]
GOAL_WAIT_S = 0.10
GOAL_NO_WAIT_S = 0.05


def _timed(argv, env):
    start = time.monotonic()
    rc = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode
    return time.monotonic() - start, rc


def _wait_idle(env, limit_s=30):
    """Until both nodes are idle: a step submitted while the last job still
    completes waits for it, which is not the step's cost."""
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        out = subprocess.run(["sinfo", "-h", "-o", "%T"], env=env,
                             stdout=subprocess.PIPE, text=True).stdout
        if out.split() and all(s == "idle" for s in out.split()):
            return
        time.sleep(0.05)


def _sacct_moment(env, limit_s=30):
    """Runs a plain step and polls sacct for its usage figures from outside,
    back to back, from the moment srun names the job: seconds from srun's
    start to the end of the first query that had them (None if none did)."""
    start = time.monotonic()
    srun = subprocess.Popen(SRUN + ["-v", "true"], env=env,
                            stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    job = None
    for line in srun.stderr:
        m = re.match(r"srun: jobid (\d+):", line)
        if m:
            job = m.group(1)
            break
    moment = None
    while job and time.monotonic() - start < limit_s:
        out = subprocess.run(["sacct", "-j", job + ".0", "-n", "-P", "-o",
                              "JobID,TRESUsageInTot"], env=env,
                             stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout
        if any(line.split("|", 1)[-1] for line in out.splitlines()):
            moment = time.monotonic() - start
            break
    srun.stderr.read()
    srun.wait()
    return moment


class Cluster:
    """The test cluster named by $HEAPLINE_BENCH_SLURM_CONF, or one started
    here (as root, with tests/slurm/cluster.sh) and stopped at the end."""

    def __init__(self, progress):
        self.progress = progress
        self.started = None
        conf = os.environ.get("HEAPLINE_BENCH_SLURM_CONF")
        if not conf and os.geteuid() == 0 and os.path.exists(CLUSTER_SH):
            self.started = tempfile.mkdtemp(prefix="hl-bench-", dir="/tmp")
            os.chmod(self.started, 0o755)
            progress("plugin: starting a test cluster in %s" % self.started)
            rc = subprocess.run([CLUSTER_SH, "start", self.started + "/c"],
                                stdout=subprocess.DEVNULL).returncode
            conf = self.started + "/c/slurm.conf" if rc == 0 else None
        self.conf = conf if conf and os.path.exists(conf) else None
        self.dir = os.path.dirname(self.conf) if self.conf else None

    def plugstack(self, *lines):
        subprocess.run([CLUSTER_SH, "plugstack", self.dir] + list(lines),
                       check=True)

    def stop(self):
        if self.started:
            subprocess.run([CLUSTER_SH, "stop", self.started + "/c"],
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            shutil.rmtree(self.started, ignore_errors=True)


def _delta_row(what, times, base, goal):
    deltas = [t - b for t, b in zip(times, base)
              if t is not None and b is not None]
    if not deltas:
        return [what, "-", "-", "-"]
    med = statistics.median(deltas)
    return [what, "%.3f s" % statistics.median([t for t in times if t]),
            "%+.3f s" % med,
            "≤ %+.2f s %s" % (goal, "met" if med <= goal else "MISSED")]


def run(args, env, progress, plugin):
    """Rows of the plugin table, or None when no cluster is at hand."""
    cluster = Cluster(progress)
    if not cluster.conf:
        progress("plugin: skipped, no test cluster (set "
                 "HEAPLINE_BENCH_SLURM_CONF to its slurm.conf, or run as "
                 "root)")
        cluster.stop()
        return None
    env = dict(env, SLURM_CONF=cluster.conf)
    line = "optional %s lib=%s report=%s" % (plugin, args.heapline_lib,
                                            args.heapline_report)
    out = tempfile.mkdtemp(prefix="hl-bench-srun-", dir="/tmp")
    os.chmod(out, 0o755)
    kinds = ["plain", "heapline", "no-wait", "sacct"]
    t = {k: [] for k in kinds}
    reps = args.plugin_reps
    try:
        for rep in range(reps):
            for k in kinds[rep % 4:] + kinds[:rep % 4]:
                cluster.plugstack(line + (" sacct_wait=0" if k == "no-wait"
                                          else ""))
                _wait_idle(env)
                if k == "sacct":
                    t[k].append(_sacct_moment(env))
                    continue
                argv = SRUN + (["--heapline=" + out] if k != "plain" else [])
                wall, rc = _timed(argv + ["true"], env)
                shutil.rmtree(out, ignore_errors=True)
                os.makedirs(out, exist_ok=True)
                t[k].append(wall if rc == 0 else None)
                if rc != 0:
                    progress("plugin: %s failed (exit %d)" % (k, rc))
            progress("plugin rep %d/%d  %s" % (
                rep + 1, reps, "  ".join(
                    "%s %s" % (k, "%.3f s" % t[k][-1] if t[k][-1] else "-")
                    for k in kinds)))
    finally:
        shutil.rmtree(out, ignore_errors=True)
        cluster.stop()
    head = ["step of `srun -N2 -n4 true`", "median", "median difference",
            "goal"]
    rows = [
        ["plain srun", "%.3f s" % statistics.median(
            [x for x in t["plain"] if x]), "-", "-"],
        ["sacct first has the step's MaxRSS (polled from outside)",
         "%.3f s" % statistics.median([x for x in t["sacct"] if x]),
         "-", "-"],
        _delta_row("--heapline (sacct_wait=10), vs sacct's moment",
                   t["heapline"], t["sacct"], GOAL_WAIT_S),
        _delta_row("--heapline, sacct_wait=0, vs plain", t["no-wait"],
                   t["plain"], GOAL_NO_WAIT_S),
    ]
    return head, rows

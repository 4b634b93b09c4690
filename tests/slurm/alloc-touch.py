"""A task of the plugin's cluster tests: task r allocates and touches
(r + 1) x UNIT MB, prints its rank, host and pid, and holds it for HOLD
seconds. With HOLD > 0, it first asks slurmstepd for the step's figures
(sstat), which makes it sample every task's memory then: sacct's MaxRSS
sees what the task touched however late a loaded machine runs the 1 s
sampling.

usage: alloc-touch.py UNIT_MB HOLD_S|forever [KILL_RANK]
A task whose rank is KILL_RANK kills itself with SIGKILL while holding;
one that holds forever ends when it is killed (scancel)."""
import os
import signal
import subprocess
import sys
import time

unit = int(sys.argv[1])
hold = float("inf") if sys.argv[2] == "forever" else float(sys.argv[2])
kill_rank = int(sys.argv[3]) if len(sys.argv) > 3 else -1
rank = int(os.environ.get("SLURM_PROCID", "0"))
block = bytearray((rank + 1) * unit * 10**6)
for i in range(0, len(block), 4096):
    block[i] = 1
print("rank %d host %s pid %d preload %s" % (
    rank, os.environ.get("SLURMD_NODENAME", "?"), os.getpid(),
    os.environ.get("LD_PRELOAD", "")), flush=True)
if rank == kill_rank:
    os.kill(os.getpid(), signal.SIGKILL)
if hold > 0:
    # Not measured: no record of sstat's own among the step's.
    env = {k: v for k, v in os.environ.items()
           if k != "LD_PRELOAD" and not k.startswith("HEAPLINE_")}
    subprocess.run(["sstat", "-n", "-P", "-o", "MaxRSS", "-j", "%s.%s" % (
        os.environ.get("SLURM_JOB_ID"), os.environ.get("SLURM_STEP_ID"))],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
while hold == float("inf"):
    signal.pause()
time.sleep(hold)

"""A task of the plugin's cluster tests: task r allocates and touches
(r + 1) x UNIT MB, holds it for HOLD seconds (long enough for sacct's 1 s
sampling to see it), and prints its rank, host and pid.

usage: alloc-touch.py UNIT_MB HOLD_S [KILL_RANK]
A task whose rank is KILL_RANK kills itself with SIGKILL while holding."""
import os
import signal
import sys
import time

unit, hold = int(sys.argv[1]), float(sys.argv[2])
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
time.sleep(hold)

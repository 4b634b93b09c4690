"""A task of the plugin's cluster tests: the step's memory cgroup on the
node of rank 0, for a sampler outside it, and memory held.

usage: step-peak.py CGROUP_FILE MB HOLD_S
Rank 0 writes its step's memory cgroup folder (as its node's
/sys/fs/cgroup shows it; cgroup v1 or v2) to CGROUP_FILE, then every task
waits 1 s (for the sampler to start), touches MB megabytes, holds them
HOLD_S seconds and frees them."""
import os
import sys
import time

cgroup_file, mb, hold = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
if os.environ.get("SLURM_PROCID") == "0":
    with open("/proc/self/cgroup") as f:
        lines = [l.rstrip("\n").split(":", 2) for l in f]
    v1 = [path for _, ctrls, path in lines if "memory" in ctrls.split(",")]
    # v1: .../step_S/task_T; v2: .../step_S/user/task_T.
    task = "/sys/fs/cgroup/memory" + v1[0] if v1 else "/sys/fs/cgroup" + lines[0][2]
    step = os.path.dirname(task)
    if os.path.basename(step) == "user":
        step = os.path.dirname(step)
    with open(cgroup_file + ".tmp", "w") as f:
        f.write(step)
    os.rename(cgroup_file + ".tmp", cgroup_file)
time.sleep(1)
block = bytearray(mb * 10**6)
for i in range(0, len(block), 4096):
    block[i] = 1
time.sleep(hold)

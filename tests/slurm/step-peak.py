"""A task of the plugin's cluster tests: the step's memory cgroup on the
node of rank 0, for a sampler outside it, and memory held by every task at
once.

usage: step-peak.py CGROUP_FILE MB HOLD_S
Rank 0 writes its step's memory cgroup folder (as its node's
/sys/fs/cgroup shows it; cgroup v1 or v2) to CGROUP_FILE. Every task then
touches MB megabytes and says so (a file touched-RANK beside CGROUP_FILE);
once all have, rank 0 writes all-touched there. Each task holds its
megabytes at least HOLD_S seconds and until the sampler
(cgroup-sampler.py) has read the cgroup after all-touched
(CGROUP_FILE.sampled): the tasks' holds overlap, and the sampler sees them
together, however late the machine schedules either."""
import os
import sys
import time

cgroup_file, mb, hold = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
folder = os.path.dirname(cgroup_file)
rank = int(os.environ["SLURM_PROCID"])
ntasks = int(os.environ["SLURM_NTASKS"])


def say(path):
    with open(path + ".tmp", "w") as f:
        f.write("\n")
    os.rename(path + ".tmp", path)


def wait_for(paths):
    while not all(os.path.exists(p) for p in paths):
        time.sleep(0.01)


if rank == 0:
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
block = bytearray(mb * 10**6)
for i in range(0, len(block), 4096):
    block[i] = 1
held = time.monotonic()
say(os.path.join(folder, "touched-%d" % rank))
wait_for([os.path.join(folder, "touched-%d" % r) for r in range(ntasks)])
if rank == 0:
    say(os.path.join(folder, "all-touched"))
wait_for([cgroup_file + ".sampled"])
time.sleep(max(0.0, held + hold - time.monotonic()))

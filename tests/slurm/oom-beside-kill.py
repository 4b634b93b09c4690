"""A task of the plugin's cluster tests: an OOM kill and a kill -9 on one
node, in tasks whose cgroups Slurm names differently by release.

usage: oom-beside-kill.py OOM_RANK KILL_RANK
The task of rank OOM_RANK touches memory until the OOM killer ends it;
the task of rank KILL_RANK waits until a task cgroup beside its own has
counted that OOM kill (memory.events on cgroup v2, memory.oom_control on
v1), then kills itself with SIGKILL; the others end at once."""
import glob
import os
import signal
import sys
import time

oom_rank, kill_rank = int(sys.argv[1]), int(sys.argv[2])
rank = int(os.environ.get("SLURM_PROCID", "0"))


def own_memory_cgroup():
    with open("/proc/self/cgroup") as f:
        lines = [l.rstrip("\n").split(":", 2) for l in f]
    for _, ctrls, path in lines:
        if "memory" in ctrls.split(","):
            return "/sys/fs/cgroup/memory" + path, "memory.oom_control"
    return "/sys/fs/cgroup" + lines[0][2], "memory.events"


def oom_killed_beside(own, name):
    for path in glob.glob(os.path.join(os.path.dirname(own), "task_*", name)):
        with open(path) as f:
            if any(l.split() == ["oom_kill", "1"] for l in f):
                return True
    return False


if rank == oom_rank:
    blocks = []
    while True:
        block = bytearray(10**7)
        for i in range(0, len(block), 4096):
            block[i] = 1
        blocks.append(block)
elif rank == kill_rank:
    own, name = own_memory_cgroup()
    while not oom_killed_beside(own, name):
        time.sleep(0.1)
    os.kill(os.getpid(), signal.SIGKILL)

"""An outside sampler of a step's memory cgroup, run in the node's view of
/sys/fs/cgroup (cluster.sh on): waits for CGROUP_FILE (step-peak.py
writes the step's folder there), then reads the cgroup's current usage
(memory.current on v2, memory.usage_in_bytes on v1) every 10 ms until the
cgroup is gone, and prints the most it saw, in bytes. Its first reading
after step-peak.py's tasks all hold their memory (all-touched beside
CGROUP_FILE) it says in CGROUP_FILE.sampled, which they wait for. Where
CGROUP_FILE.done appears first (the step ended without writing it), prints
nothing.

usage: cgroup-sampler.py CGROUP_FILE"""
import os
import sys
import time

while not os.path.exists(sys.argv[1]):
    if os.path.exists(sys.argv[1] + ".done"):
        sys.exit(1)
    time.sleep(0.01)
with open(sys.argv[1]) as f:
    step = f.read().strip()
name = "memory.current"
if not os.path.exists(os.path.join(step, name)):
    name = "memory.usage_in_bytes"
all_touched = os.path.join(os.path.dirname(sys.argv[1]), "all-touched")
sampled = sys.argv[1] + ".sampled"


def say_sampled():
    with open(sampled + ".tmp", "w") as f:
        f.write("%d\n" % high)
    os.rename(sampled + ".tmp", sampled)


high = 0
try:
    while True:
        holding = not os.path.exists(sampled) and os.path.exists(all_touched)
        try:
            with open(os.path.join(step, name)) as f:
                high = max(high, int(f.read()))
        except OSError:
            break
        if holding:
            say_sampled()
        time.sleep(0.01)
finally:
    # The tasks wait for it: never leave them waiting, whatever happened.
    if not os.path.exists(sampled):
        say_sampled()
print(high)

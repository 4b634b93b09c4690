"""A task of the cgroup cluster tests whose peaks never overlap: task r
waits until task r - 1 has freed its memory (a file in FLAG_DIR says so),
then allocates and touches MB megabytes, holds them HOLD_S seconds, frees
them and says so in turn. The node's true peak is then about one task's,
while the sum of the tasks' VmHWM is every task's.

A task says so only after as long again as its turn took (0.1 s at
least), so that the next allocation lands at least a cell of the
report's concurrent figures after the free: a cell is at most 1/256 of
the step, and a free and an allocation in one cell are both counted. The
next task polls every 50 ms: without the wait, its allocation could fall
in the free's cell.

usage: stagger.py MB HOLD_S FLAG_DIR"""
import os
import sys
import time

mb, hold, flags = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
rank = int(os.environ.get("SLURM_PROCID", "0"))
if rank > 0:
    while not os.path.exists(os.path.join(flags, "freed-%d" % (rank - 1))):
        time.sleep(0.05)
turn = time.monotonic()
block = bytearray(mb * 10**6)
for i in range(0, len(block), 4096):
    block[i] = 1
time.sleep(hold)
del block  # an mmap'd block: free() gives it back to the kernel at once
if rank < int(os.environ.get("SLURM_NTASKS", "1")) - 1:
    time.sleep(max(0.1, time.monotonic() - turn))
open(os.path.join(flags, "freed-%d" % rank), "w").close()
print("rank %d held %d MB" % (rank, mb), flush=True)

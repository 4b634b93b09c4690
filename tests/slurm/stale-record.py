"""A task of the plugin's cluster tests whose record its death leaves
stale, by construction: it kills its own heapline-refresh (which would
write its VmHWM into its record four times a second), then touches 150 MB
that no allocator sees, holds them 1.5 s, and kills itself with SIGKILL.
Its record keeps the VmHWM and elapsed time of its start; its task's
cgroup saw the 150 MB, and slurmstepd its end."""
import mmap
import os
import signal
import time


def refresher():
    """The pid of this process's heapline-refresh, once it has started."""
    me = str(os.getpid())
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if (len(argv) > 1 and os.path.basename(argv[0]) == b"heapline-refresh"
                and argv[1] == me.encode()):
            return int(pid)
    return None


# The library starts it before main; its exec may still be under way.
while (pid := refresher()) is None:
    time.sleep(0.01)
os.kill(pid, signal.SIGKILL)
held = mmap.mmap(-1, 150 * 10**6)
for i in range(0, len(held), 4096):
    held[i] = 1
time.sleep(1.5)
os.kill(os.getpid(), signal.SIGKILL)

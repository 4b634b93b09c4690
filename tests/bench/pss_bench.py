"""The readings of Pss in `make bench` (issue 31): what one reading of
/proc/self/smaps_rollup costs in a process of 10, 1,000 and 100,000
mappings, and of 60,000, about the most that vm.max_map_count allows by
default (pss-cost.c), in CPU time, beside a reading of VmRSS
(/proc/self/statm), and so how much CPU time the process spends between
two readings under the library's budget (0.5%, preload/timeline/pss.h).

The figure of each size is the least of its readings (pss-cost.c's REPS),
the CPU time of the reading thread, not the wall clock: the least is what
the reading costs, the rest is what else the machine did. A size that
vm.max_map_count does not allow (65,530 by default) is measured with it
raised for that one run, and put back, where the bench may write it
(root); elsewhere it is said, not measured.
"""

import os
import subprocess

SIZES = (10, 1000, 60000, 100000)
PER_MILLE = 5


def _fmt_ns(ns):
    if ns >= 1000000000:
        return "%.2f s" % (ns / 1e9)
    if ns >= 1000000:
        return "%.1f ms" % (ns / 1e6)
    return "%.0f µs" % (ns / 1e3) if ns >= 1000 else "%d ns" % ns


MAX_MAP_COUNT = "/proc/sys/vm/max_map_count"


def _cost(prog, size, reps):
    """pss-cost's run, with vm.max_map_count raised for it where it is
    below the size and the bench may write it, and put back after."""
    with open(MAX_MAP_COUNT) as f:
        was = int(f.read())
    raise_to = 2 * size + 1000
    raised = False
    if was < raise_to and os.access(MAX_MAP_COUNT, os.W_OK):
        with open(MAX_MAP_COUNT, "w") as f:
            f.write("%d\n" % raise_to)
        raised = True
    try:
        return subprocess.run([prog, str(size), str(reps)],
                              capture_output=True, text=True)
    finally:
        if raised:
            with open(MAX_MAP_COUNT, "w") as f:
                f.write("%d\n" % was)


def run(args, progress):
    prog = os.path.join(args.bindir, "pss-cost")
    rows = []
    for size in SIZES:
        progress("pss: a reading in a process of %d mappings" % size)
        # Fewer repetitions where one reading takes milliseconds.
        reps = 200 if size < 10000 else 20
        res = _cost(prog, size, reps)
        if res.returncode == 2:
            rows.append(["%d" % size, "-", "-", "-",
                         "not made: vm.max_map_count is %s" %
                         open("/proc/sys/vm/max_map_count").read().strip()])
            continue
        res.check_returncode()
        w = res.stdout.split()
        maps, pss, statm = int(w[1]), int(w[3]), int(w[5])
        rows.append(["%d" % size, "%d" % maps, _fmt_ns(pss),
                     "%.0fx" % (pss / max(statm, 1)),
                     _fmt_ns(pss * 1000 // PER_MILLE)])
    head = ["mappings asked", "mappings", "a reading of Pss",
            "ratio to VmRSS", "CPU time between two readings"]
    return head, rows

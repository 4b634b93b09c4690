#!/usr/bin/env python3
"""Writes heapline records (format 1) of a made-up MPI job: RANKS ranks on
NODES nodes, one file per rank in DIR, as the SPANK plugin leaves them. The
figures are plausible and vary (fixed seed), so the report has real work:
parsing, per-node sums, sorting ranks by peak.

usage: gen_records.py DIR RANKS [NODES] [JOB]
"""

import os
import random
import sys

HEADER = ("# heapline 1\n"
          "rank,host,pid,job,elapsed_s,allocs,frees,peak_heap_bytes,"
          "peak_heap_time_s,live_heap_at_exit_bytes,vmhwm_bytes,"
          "vmrss_at_exit_bytes\n")


def write_records(directory, ranks, nodes=1000, job="4242.0"):
    rng = random.Random(ranks)
    per_node = -(-ranks // nodes)  # block distribution, as srun's default
    for rank in range(ranks):
        elapsed = 600 + rng.random() * 60
        allocs = rng.randrange(10**5, 10**8)
        peak = rng.randrange(200 << 20, 4 << 30)
        vmhwm = (peak >> 12 << 12) + rng.randrange(10 << 8, 200 << 8) * 4096
        row = "%d,node%04d,%d,%s,%.3f,%d,%d,%d,%.3f,%d,%d,%d\n" % (
            rank, rank // per_node, 10000 + rank % 50000, job, elapsed,
            allocs, allocs - rng.randrange(0, 1000), peak,
            rng.random() * elapsed, rng.randrange(0, 1 << 20), vmhwm,
            vmhwm - rng.randrange(0, 100 << 8) * 4096)
        with open(os.path.join(directory, "%s.%d.csv" % (job, rank)),
                  "w") as f:
            f.write(HEADER + row)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4, 5):
        sys.exit(__doc__.strip())
    nodes = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    job = sys.argv[4] if len(sys.argv) > 4 else "4242.0"
    write_records(sys.argv[1], int(sys.argv[2]), nodes, job)

#!/usr/bin/env python3
"""gen_job.py DIR NRANKS NNODES: writes a record with a timeline per rank
under DIR/nN/ (rank r on node n(r % NNODES + 1)), as the library writes
them (doc/format.md). Rank r starts 10 ms after rank r - 1 (modulo 100)
and runs 8 s; its heap climbs to its peak, (r * 37 % NRANKS + 1) MiB at
4 s, and falls back; its RSS is its heap plus 8 MiB. VmHWM is the peak RSS.
So the largest peak is NRANKS MiB and the figures are known."""
import os
import sys

MIB = 1 << 20
START = 1796086461.0
HEADER = ("rank,host,pid,job,elapsed_s,allocs,frees,peak_heap_bytes,"
          "peak_heap_time_s,live_heap_at_exit_bytes,vmhwm_bytes,"
          "vmrss_at_exit_bytes,start_time_s,timeline")
SHAPE = [0.0, 0.25, 0.5, 0.75, 1.0, 0.5, 0.25, 0.0]


def main():
    out, nranks, nnodes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for n in range(1, nnodes + 1):
        os.makedirs(os.path.join(out, "n%d" % n), exist_ok=True)
    for r in range(nranks):
        node = r % nnodes + 1
        peak = ((r * 37) % nranks + 1) * MIB
        points = []
        for i, f in enumerate(SHAPE):
            heap = int(peak * f)
            points.append("%d:%d:%d" % (i * 1000, heap, heap + 8 * MIB))
        start = START + (r % 100) * 0.01
        row = "%d,n%d,%d,,8.000,100,90,%d,4.000,0,%d,%d,%.9f,%s" % (
            r, node, 1000 + r, peak, peak + 8 * MIB, 8 * MIB, start,
            " ".join(points))
        with open(os.path.join(out, "n%d" % node, "rank%d.csv" % r), "w") as f:
            f.write("# heapline 1\n%s\n%s\n" % (HEADER, row))


main()

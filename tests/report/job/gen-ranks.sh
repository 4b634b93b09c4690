#!/bin/sh
# gen-ranks.sh DIR NRANKS NNODES: writes one format-1 record per rank under
# DIR/nN/ (node N = rank % NNODES + 1). Peaks are a permutation of 1..NRANKS
# MiB (rank * 37 mod NRANKS, plus one), so the maximum, minimum and median
# are known: NRANKS, 1 and (NRANKS + 1) / 2 MiB. VmHWM is the peak plus 10 MiB.
dir=$1
nranks=$2
nnodes=$3
i=0
while [ $i -lt "$nnodes" ]; do
    i=$((i + 1))
    mkdir -p "$dir/n$i"
done
${AWK:-awk} -v dir="$dir" -v nranks="$nranks" -v nnodes="$nnodes" 'BEGIN {
    mib = 1048576
    for (r = 0; r < nranks; r++) {
        node = r % nnodes + 1
        peak = ((r * 37) % nranks + 1) * mib
        f = sprintf("%s/n%d/rank%d.csv", dir, node, r)
        print "# heapline 1" > f
        print "rank,host,pid,job,elapsed_s,allocs,frees,peak_heap_bytes," \
              "peak_heap_time_s,live_heap_at_exit_bytes,vmhwm_bytes," \
              "vmrss_at_exit_bytes" > f
        printf "%d,n%d,%d,,%d.%03d,100,90,%d,%d.%d00,0,%d,%d\n", r, node, \
            1000 + r, 5 + int(r / 100), r % 1000, peak, (r % 100) / 10, \
            r % 10, peak + 10 * mib, peak > f
        close(f)
    }
}'

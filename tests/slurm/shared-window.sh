#!/bin/bash
# shared-window.sh MODE: issue 31 on the two-node cluster, MODE cgroup
# (cluster.sh start --cgroup: the step's memory cgroup, its true peak) or
# plain (no cgroup): an MPI step of 4 ranks on one node that share one
# 256 MiB window of MPI_Win_allocate_shared, each with 32 MiB of its own
# (shared-window.c), under Open MPI and MPICH. The window is in each
# rank's VmHWM: the sum of VmHWM counts it 4 times, 768 MiB too many.
# cgroup: the node's concurrent PSS is within 5% of the cgroup's true
# peak less its page cache (memory.stat, read by rank 0 while all hold),
# and within 5% of what the program reads from outside (the shared memory
# once, the window and MPI's own segments, each rank's RssAnon, the
# libraries once); the step's records
# without the node file (as plain mode sees them) get a suggestion that
# says it follows the concurrent PSS, within 10% of that cgroup figure.
# plain: the step report's suggestion follows the concurrent PSS, within
# 10% of what the program reads from outside. Both: each rank's own
# memory is its RssAnon, not the window, and the window's share (64 MiB)
# is in its column "shared". Run by shared-window-cgroup.sh and
# shared-window-plain.sh. TAP. Skips as spank-cluster.sh does.
set -u

mode=${1:?cgroup or plain}
cluster_mode=
[ "$mode" = cgroup ] && cluster_mode=--cgroup
# The node file of cgroup mode, apart from the records.
layout=task
. "${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}/spank-lib.sh"

cp "$srcdir/shared-window.c" "$srcdir/../hold_for_pss.h" "$art/" &&
    chmod a+r "$art/shared-window.c" "$art/hold_for_pss.h"

_window() { # NAME MPICC SRUN-MPI [VAR=VALUE...]: VARs set for the step
    local name=$1 mpicc=$2 mpi=$3 d sd
    shift 3
    if ! command -v "$mpicc" > /dev/null ||
        ! srun --mpi=list 2>&1 | grep -qw "$mpi"; then
        _skip "shared window, MPI $name" "no $mpicc or no --mpi=$mpi"
        return
    fi
    d=$(_fresh "window-$name")
    if ! "$mpicc" -O1 -o "$d/shared-window" "$art/shared-window.c" \
        2> "$d/cc.err"; then
        _ok 1 "shared window, MPI $name: shared-window.c builds with $mpicc"
        _diag < "$d/cc.err"
        return
    fi
    (cd "$d" && env "$@" srun --mpi="$mpi" --heapline -N1 -n4 -O --mem=2G \
        ./shared-window > "$d/out" 2> "$d/err")
    _ok $? "shared window, MPI $name: srun --mpi=$mpi --heapline -N1 -n4 -O succeeds"
    sd=$(_stepdir "$d" 0)
    sed -n '/^Per node/,/^$/p;/^Ranks by/,/^$/p;/^Suggested/,/^$/p' "$d/err" |
        _diag
    _diag < "$d/out"
    "$report" --no-sacct --format json "$sd" > "$d/json" 2> "$d/json.err"
    _ok $? "shared window, MPI $name: heapline-report --format json reads the step"
    mkdir "$d/records"
    cp $(_records "$sd") "$d/records/"
    "$report" --no-sacct --format json --mem=2G "$d/records" > "$d/plain.json" \
        2> "$d/plain.err"
    "$report" --no-sacct --mem=2G "$d/records" > "$d/plain.txt" 2>&1
    "$py" - "$mode" "$d/out" "$d/json" "$d/plain.json" "$d/plain.txt" \
        "$d/err" "$name" > "$d/tap" 2>&1 << 'PY'
import json, re, sys

mode, out, full, plain, plain_txt, err, name = sys.argv[1:]
MIB = 1 << 20
figures = dict(l.split() for l in open(out) if l.split()[0] in
               ("truth", "pagecache"))
truth = int(figures.get("truth", 0))
node = json.load(open(full))["nodes"][0]
checks = []


def check(what, ok, why):
    checks.append((ok, "shared window, MPI %s: %s" % (name, what), why))


conc = node.get("concurrent_pss_bytes") or 0
check("the sum of VmHWM counts the window in each rank, 3 times too many",
      node["vmhwm_sum_bytes"] >= truth + 3 * 256 * MIB * 0.95,
      "sum of VmHWM %.1f MiB, held %.1f MiB" % (node["vmhwm_sum_bytes"] / MIB,
                                                truth / MIB))
check("the node's concurrent PSS is within 5% of what the ranks held",
      abs(conc - truth) <= 0.05 * truth,
      "PSS %.1f MiB, held %.1f MiB" % (conc / MIB, truth / MIB))
shm = node.get("shared_memory") or {}
# The MPI library maps segments of its own beside the window: up to
# 16 MiB more per rank.
check("the node says the window once, counted 4 times",
      256 * MIB <= shm.get("once_bytes", 0) <= 272 * MIB
      and 4 * 256 * MIB <= shm.get("mapped_bytes", 0) <= 4 * 272 * MIB,
      str(shm))
for rank in json.load(open(full))["ranks"]:
    own, shared = rank.get("own_bytes") or 0, rank.get("shared_bytes") or 0
    check("rank %d: its own memory its 32 MiB and MPI's, not the window"
          % rank["rank"], 32 * MIB <= own <= 48 * MIB,
          "own %.1f MiB" % (own / MIB))
    check("rank %d: the window's share, 64 MiB, shared" % rank["rank"],
          64 * MIB <= shared <= 80 * MIB and rank["shared_from"] == "pss_shmem",
          "shared %.1f MiB from %s" % (shared / MIB, rank["shared_from"]))
if mode == "cgroup":
    peak = node.get("true_peak_bytes") or 0
    cache = int(figures.get("pagecache", -1))
    truly = peak - cache
    check("the cgroup's true peak and page cache are known",
          peak > 0 and cache >= 0, "true peak %d, page cache %d" % (peak, cache))
    check("the concurrent PSS is within 5% of the true peak less page cache",
          abs(conc - truly) <= 0.05 * truly,
          "PSS %.1f MiB, true peak %.1f MiB less page cache %.1f MiB"
          % (conc / MIB, peak / MIB, cache / MIB))
    pnode = json.load(open(plain))["nodes"][0]
    check("without the node file, the need is the concurrent PSS",
          pnode["need_from"] == "concurrent PSS", pnode["need_from"])
    check("and within 10% of the cgroup's figure",
          abs(pnode["need_bytes"] - truly) <= 0.10 * truly,
          "need %.1f MiB, cgroup %.1f MiB" % (pnode["need_bytes"] / MIB,
                                              truly / MIB))
    text = open(plain_txt).read()
else:
    text = open(err).read()
    pnode = node
    check("the need is the concurrent PSS, within 10% of what the ranks held",
          node["need_from"] == "concurrent PSS"
          and abs(node["need_bytes"] - truth) <= 0.10 * truth,
          "need %.1f MiB from %s, held %.1f MiB"
          % (node["need_bytes"] / MIB, node["need_from"], truth / MIB))
m = re.search(r"Suggested request: --mem=(\d+)M[^(]*\(the largest node "
              r"concurrent PSS, ([0-9.]+) MiB", text.replace("\n", " "))
check("the suggestion says it follows the concurrent PSS",
      m is not None and abs(float(m.group(2)) * MIB - pnode["need_bytes"])
      <= MIB, m.group(0) if m else "no suggestion of the concurrent PSS")
for ok, what, why in checks:
    print("%s - %s" % ("ok" if ok else "not ok", what))
    if not ok:
        print("# " + why)
PY
    while IFS= read -r line; do
        case $line in
        "ok - "*) _ok 0 "${line#ok - }" ;;
        "not ok - "*) _ok 1 "${line#not ok - }" ;;
        *) echo "# $line" ;;
        esac
    done < "$d/tap"
    grep -q '^ok - .*suggestion says' "$d/tap" ||
        _ok 1 "shared window, MPI $name: the checks of its figures ran"
}
# Both nodes are one host: Open MPI's TCP transport, as in spank-cluster.sh
# (the window is Open MPI's osc component's, whatever the transport).
_window openmpi mpicc.openmpi pmix OMPI_MCA_btl=self,tcp
_window mpich mpicc.mpich pmi2

echo "1..$n"
[ $failed -eq 0 ]

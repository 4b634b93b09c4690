#!/bin/bash
# Allocation sites on the two-node cluster (cluster.sh, plain mode): an MPI
# step of 4 ranks run under srun --heapline with sites on by default, whose
# step report names the top site across the ranks (alloc_grid, in the 4
# processes, 4 x 40 MiB), and whose records give collapsed stacks that
# follow the folded format's grammar (no flame graph tool is packaged in
# Debian 12 to feed them to); then the plugin's default (sites on in every
# task) and a user's HEAPLINE_SITES=0 that wins over it, and the
# plugstack argument sites=off, which turns them off in every task, and a
# user's HEAPLINE_SITES=1 that wins over it. TAP. Skips as spank-cluster.sh
# does.
set -u

cluster_mode=
# Its checks read the records one by one: files per task.
layout=task
. "${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}/spank-lib.sh"

cp "$srcdir/callsites-mpi.c" "$art/" && chmod a+r "$art/callsites-mpi.c"

_sites_mpi() { # NAME MPICC SRUN-MPI [VAR=VALUE...]: VARs set for the step
    local name=$1 mpicc=$2 mpi=$3 d sd
    shift 3
    if ! command -v "$mpicc" > /dev/null ||
        ! srun --mpi=list 2>&1 | grep -qw "$mpi"; then
        _skip "sites, MPI $name: the step report names the top site" \
            "no $mpicc or no --mpi=$mpi"
        return
    fi
    d=$(_fresh "sites-$name")
    if ! "$mpicc" -g -O1 -o "$d/callsites-mpi" "$art/callsites-mpi.c" 2> "$d/cc.err"
    then
        _ok 1 "sites, MPI $name: callsites-mpi.c builds with $mpicc"
        _diag < "$d/cc.err"
        return
    fi
    (cd "$d" && env HEAPLINE_SITES_SEED=7 "$@" srun \
        --mpi="$mpi" --heapline -N2 -n4 ./callsites-mpi > "$d/out" 2> "$d/err")
    _ok $? "sites, MPI $name: srun --mpi=$mpi --heapline -N2 -n4 succeeds"
    sd=$(_stepdir "$d" 0)
    sites=$(sed -n '/^Sites at the peak/,/^$/p' "$d/err")
    echo "$sites" | _diag
    _ok "$(echo "$sites" | sed -n 3p |
        grep -Eq '^ [0-9.]+ MiB +± [0-9.]+ (KiB|MiB) +4 +alloc_grid \(callsites-mpi\.c:[0-9]+\)'
        echo $?)" \
        "sites, MPI $name: the step report's top site is alloc_grid, in the 4 ranks"
    "$py" - "$d/err" << 'PY'
import re, sys
rows = [l for l in open(sys.argv[1]) if "alloc_grid (" in l]
m = re.match(r" ([0-9.]+) MiB +± ([0-9.]+) (KiB|MiB)", rows[0]) if rows else None
if not m:
    sys.exit(1)
est, se = float(m.group(1)), float(m.group(2)) / (1024 if m.group(3) == "KiB" else 1)
print("# alloc_grid: %.1f MiB +- %.2f MiB, held 160 MiB" % (est, se))
sys.exit(0 if abs(est - 160) <= 3 * se + 1 else 1)
PY
    _ok $? "sites, MPI $name: its estimate is within 3 standard errors of 4 x 40 MiB"
    "$report" --no-sacct --format folded "$sd" > "$d/folded" 2> "$d/folded.err"
    _ok $? "sites, MPI $name: heapline-report --format folded reads the step"
    "$py" - "$d/folded" << 'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
ok = lines[-1] == "" and len(lines) > 1 and all(
    re.fullmatch(r"[^;\n]+(;[^;\n]+)* [0-9]+", l) for l in lines[:-1])
ok = ok and any(l.rsplit(" ", 1)[0].split(";")[-1] == "alloc_grid"
                for l in lines[:-1])
sys.exit(0 if ok else 1)
PY
    _ok $? "sites, MPI $name: the collapsed stacks follow the grammar, one ends in alloc_grid"
}
# Both nodes are one host: Open MPI's TCP transport, as in spank-cluster.sh.
_sites_mpi openmpi mpicc.openmpi pmix OMPI_MCA_btl=self,tcp

# --- the plugin's default, sites=off, and a user's own setting ------------------

_sites_step() { # NAME [VAR=VALUE...]: a one-task step, in a fresh folder
    local name=$1
    shift
    d=$(_fresh "$name")
    (cd "$d" && env "$@" srun --heapline -N1 -n1 "$py" "$touch_py" 20 0 \
        > "$d/out" 2> "$d/err")
    _ok $? "$name: srun --heapline of a task succeeds"
    sd=$(_stepdir "$d" 0)
    mapfile -t recs < <(_records "$sd")
}
with_sites=',sites_rate_bytes,sites,modules,program,ppid,timeline,'
without_sites=',vmrss_at_exit_bytes,start_time_s,program,ppid,timeline,'
_sites_step sites-default
_check "no sites= (on by default): its record has the sites columns" \
    grep -q "$with_sites" "${recs[@]:-/dev/null}"
_check "no sites=: the step report shows its sites" \
    grep -q '^Sites at the peak' "$d/err"
_sites_step sites-default-user-off HEAPLINE_SITES=0
_check "no sites=: a user's HEAPLINE_SITES=0 wins, no sites columns" \
    grep -q "$without_sites" "${recs[@]:-/dev/null}"
"$cluster_sh" plugstack "$cdir" "$plugstack sites=off"
_sites_step sites-plugstack-off
_check "sites=off: its record has no sites columns" \
    grep -q "$without_sites" "${recs[@]:-/dev/null}"
_check "sites=off: the step report shows no sites" \
    test "$(grep -c '^Sites at the peak' "$d/err")" = 0
_sites_step sites-plugstack-off-user-on HEAPLINE_SITES=1
_check "sites=off: a user's HEAPLINE_SITES=1 wins, the sites columns" \
    grep -q "$with_sites" "${recs[@]:-/dev/null}"
"$cluster_sh" plugstack "$cdir" "$plugstack"

echo "1..$n"
[ $failed -eq 0 ]

#!/bin/bash
# spank-release.sh RELEASE CGROUP: the plugin's scenarios that matter to a
# site, on one cluster of that Slurm release (22.05: Debian's; 26.05:
# install-slurm.sh's, with the plugin built for it beforehand by
# plugin-for-release.sh) in cgroup mode on that cgroup version (v1, v2),
# each run by a test named after both (spank-26.05-v1.sh...):
# srun --heapline and #SBATCH --heapline with a record per rank and the
# step report; the node's true peak from the step's cgroup against an
# outside sampler of its current usage; an OOM-killed task and a kill -9
# on the second node of a step, where Slurm 23.11.1 on names the task
# cgroups by global id, told apart; a killed task whose record is stale;
# --mem=20M raised by Slurm to a 30 MiB limit; sacct's MaxRSS of a 0.2 s peak (on
# 26.05, from the cgroup's high-water mark). TAP. Skips without root, the release
# or its cgroup version.
set -u

release=${1:?release}
cgv=${2:?cgroup version}
here=${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}
case $release in
22.05) ;;
*)
    slurm_prefix=$("$here/install-slurm.sh" 2> /dev/null) || {
        echo "1..0 # SKIP no Slurm $release (install-slurm.sh)"
        exit 0
    }
    ;;
esac
cluster_mode=--cgroup=$cgv
layout=task
. "$here/spank-lib.sh"

cp "$srcdir/step-peak.py" "$srcdir/cgroup-sampler.py" \
    "$srcdir/oom-beside-kill.py" "$srcdir/stale-record.py" "$art/"
chmod a+r "$art"/*.py
tag="$release $cgv"

_field() { # COLUMN FILE: that column of the one row of a heapline CSV file
    "$py" - "$@" << 'PY'
import csv, sys
with open(sys.argv[2]) as f:
    rows = list(csv.reader(l for l in f if not l.startswith("#")))
print(rows[1][rows[0].index(sys.argv[1])])
PY
}
_show() { # DIR: a scenario's files, after a failed check
    for f in "$1"/err "$1"/*.out "$1"/heapline-*/*.exit \
        "$1"/heapline-*/node-*.csv; do
        [ -f "$f" ] && { echo "== $f"; cat "$f"; } | _diag
    done
}

# --- srun --heapline: a record per rank, the step report, the true peak --------

d=$(_fresh srun)
before=$failed
"$cluster_sh" on "$cdir" n1 "$py" "$art/cgroup-sampler.py" "$d/step-cg" \
    > "$d/sampled" 2> "$d/sampler.err" &
sampler=$!
# n1 holds ranks 0 and 2, 60 MB each, at once (step-peak.py waits for all
# ranks and for the sampler), for 2 s or more.
(cd "$d" && srun --heapline -N2 -n4 -m cyclic --mem=1G "$py" \
    "$art/step-peak.py" "$d/step-cg" 60 2 > "$d/out" 2> "$d/err")
_ok $? "$tag: srun --heapline -N2 -n4 --mem=1G succeeds"
touch "$d/step-cg.done"
wait $sampler
sd=$(_stepdir "$d" 0)
ranks=$(_column rank $(_records "$sd") | sort -n | tr '\n' ' ')
_ok "$(test "$ranks" = "0 1 2 3 "; echo $?)" \
    "$tag: srun --heapline: a record per rank ($ranks)"
_check "$tag: srun --heapline: the step report on srun's stderr" \
    grep -q '^heapline-report: 4 ranks on 2 nodes' "$d/err"
peak=$(_field cgroup_peak_bytes "$sd/node-n1.csv" 2> /dev/null)
read -r max < "$d/sampled"
_ok "$(test "${peak:-0}" -ge "${max:-1}" && test "${max:-0}" -gt 120000000
    echo $?)" "$tag: n1's true peak from the step cgroup ($peak) is at least the most an outside sampler saw ($max), over 120 MB"
_check "$tag: the step report shows that true peak" \
    grep -Eq "^ n1 .*true peak $(_size "${peak:-0}")" "$d/err"
sacct_row=$("$cluster_sh" wait-sacct "$cdir" "$(basename "$sd" |
    sed 's/^heapline-//')")
echo "# sacct of the 3 s step (MaxRSS: rank 0's and 2's 60 MB held 2 s): $sacct_row"
[ $failed -eq $before ] || { _show "$d"; _diag < "$d/sampler.err"; }

# --- #SBATCH --heapline ----------------------------------------------------------

d=$(_fresh batch)
before=$failed
cat > "$d/job.sh" << JOB
#!/bin/bash
#SBATCH --heapline
#SBATCH -N2 -n2 --mem=500M
srun "$py" "$touch_py" 20 0
JOB
out=$(cd "$d" && sbatch --wait --parsable -o "$d/slurm.out" "$d/job.sh" 2>&1)
_ok $? "$tag: sbatch --wait of a '#SBATCH --heapline' script succeeds"
job=${out%%;*}
ranks=$(_column rank $(_records "$d/heapline-$job.0") | sort -n | tr '\n' ' ')
_ok "$(test "$ranks" = "0 1 "; echo $?)" \
    "$tag: #SBATCH --heapline: a record per rank of step $job.0 ($ranks)"
_check "$tag: #SBATCH --heapline: the step report in the job's output" \
    grep -q '^heapline-report: 2 ranks on 2 nodes' "$d/slurm.out"
[ $failed -eq $before ] || _show "$d"

# --- an OOM kill beside a kill -9, on the second node ----------------------------

d=$(_fresh oom)
before=$failed
# n2 holds ranks 1 and 3, its tasks 0 and 1: rank 1 is OOM-killed, then
# rank 3 kills itself.
(cd "$d" && srun --heapline -N2 -n4 -m cyclic --mem=100M "$py" \
    "$art/oom-beside-kill.py" 1 3 > "$d/out" 2> "$d/err")
_ok "$(test $? -ne 0; echo $?)" "$tag: OOM kill: srun fails"
sd=$(_stepdir "$d" 0)
_check "$tag: OOM kill: rank 1's exit file says signal 9, oom 1 (its task cgroup's oom_kill)" \
    grep -q '^1,n2,[0-9]*,signaled,,9,1,' "$sd/task-1.exit"
_check "$tag: OOM kill: rank 3's, killed by kill -9, says signal 9, oom 0" \
    grep -q '^3,n2,[0-9]*,signaled,,9,0,' "$sd/task-3.exit"
# The OOM killer ended rank 1 at the step's 100M limit, which its task
# held nearly all of: its own cgroup's high-water mark says so, and the
# report gives it to the rank whose record the kill left stale, or keeps
# the record's VmHWM where that is larger (file pages charged elsewhere).
peak=$(_field cgroup_peak_bytes "$sd/task-1.exit")
_ok "$(test "${peak:-0}" -gt $((50 * 1048576)) &&
    test "$peak" -le $((100 * 1048576)); echo $?)" \
    "$tag: OOM kill: rank 1's exit file has its task cgroup's peak, 50 to 100 MiB ($peak)"
_ok "$(test -n "$(_field end_time_s "$sd/task-1.exit")"; echo $?)" \
    "$tag: OOM kill: and the time slurmstepd saw it end"
"$report" --no-sacct --format json "$sd" 2> /dev/null | "$py" -c '
import csv, glob, json, sys
peak, sd = int(sys.argv[1]), sys.argv[2]
for path in glob.glob(sd + "/task-*.csv"):
    rows = list(csv.DictReader(l for l in open(path) if not l.startswith("#")))
    if rows[0]["rank"] == "1" and rows[0]["pid"] == sys.argv[3]:
        record = int(rows[0]["vmhwm_bytes"])
r = json.load(sys.stdin)
rank = [k for k in r["ranks"] if k["rank"] == 1][0]
cut = [c for c in r["did_not_exit_normally"] if c.get("rank") == 1][0]
want = max(peak, record)
assert rank["vmhwm_bytes"] == want, (rank, record, peak)
assert cut["vmhwm_from"] == ("task_cgroup" if peak > record else "record"), cut
print("record %d, task cgroup %d" % (record, peak))' "${peak:-0}" "$sd" \
    "$(_field pid "$sd/task-1.exit")" > "$d/vmhwm" 2>&1
_ok $? "$tag: OOM kill: rank 1's VmHWM in the report is the larger of its record's and its task cgroup's ($(tail -1 "$d/vmhwm"))"
_check "$tag: OOM kill: the step report names rank 1 out of memory" \
    grep -q 'rank 1 .* killed: out of memory (limit 100.0 MiB)' "$d/err"
_check "$tag: OOM kill: and rank 3 killed by signal 9" \
    grep -q 'rank 3 .* killed by signal 9' "$d/err"
_ok "$(test "$(_field oom_kills "$sd/node-n2.csv")" = 1 &&
    test "$(_field oom_kills "$sd/node-n1.csv")" = 0; echo $?)" \
    "$tag: OOM kill: n2's node file counts one, n1's none"
[ $failed -eq $before ] || _show "$d"

# --- a killed task whose record is stale ---------------------------------------

d=$(_fresh stale)
before=$failed
# The task kills its refresher, touches 150 MB the allocator never sees,
# holds them 1.5 s and kills itself: only its task's cgroup and
# slurmstepd know what it held and when it ended.
(cd "$d" && srun --heapline -N1 -n1 --mem=1G "$py" "$art/stale-record.py" \
    > "$d/out" 2> "$d/err")
_ok "$(test $? -ne 0; echo $?)" "$tag: stale record: srun fails (the task killed itself)"
sd=$(_stepdir "$d" 0)
peak=$(_field cgroup_peak_bytes "$sd/task-0.exit")
record=$(_column vmhwm_bytes $(_records "$sd"))
_ok "$(test "${record:-0}" -gt 0 && test "$record" -lt 100000000 &&
    test "${peak:-0}" -ge 150000000; echo $?)" \
    "$tag: stale record: its record's VmHWM is its start's ($record), its task cgroup's peak over 150 MB ($peak)"
"$report" --no-sacct --format json "$sd" 2> /dev/null | "$py" -c '
import json, sys
r = json.load(sys.stdin)
rank = [k for k in r["ranks"] if k["rank"] == 0][0]
cut = [c for c in r["did_not_exit_normally"] if c.get("rank") == 0][0]
assert rank["vmhwm_bytes"] == int(sys.argv[1]), rank
assert cut["vmhwm_from"] == "task_cgroup", cut' "${peak:-0}" > "$d/json" 2>&1
_ok $? "$tag: stale record: the report gives rank 0 its task cgroup's peak as VmHWM, and says so"
elapsed=$("$report" --no-sacct --format csv "$sd" 2> /dev/null |
    "$py" -c 'import csv, sys; print([r["elapsed_s"] for r in csv.DictReader(sys.stdin)][0])')
_ok "$("$py" -c 'import sys; sys.exit(float(sys.argv[1]) < 1.5)' "${elapsed:-0}"; echo $?)" \
    "$tag: stale record: and its end as slurmstepd saw it, after the 1.5 s it held them (${elapsed}s)"
_check "$tag: stale record: the step report names its VmHWM from its task's cgroup" \
    grep -q "rank 0 .* killed by signal 9 (SIGKILL) .*VmHWM $(_size "${peak:-0}") (its task's cgroup)" "$d/err"
[ $failed -eq $before ] || { cat "$d/json" | _diag; _show "$d"; }

# --- a request that Slurm raised ------------------------------------------------

d=$(_fresh raised)
before=$failed
# cgroup.conf's MinRAMSpace (30 MB by default) raises --mem=20M to a
# 30 MiB limit: the task is Python alone, asleep.
(cd "$d" && srun --heapline -N1 -n1 --mem=20M "$py" -c 'import time; time.sleep(0.3)' \
    > "$d/out" 2> "$d/err")
_ok $? "$tag: --mem=20M: a task within the raised limit succeeds"
sd=$(_stepdir "$d" 0)
nf=$(ls "$sd"/node-*.csv 2> /dev/null)
_ok "$(test "$(_field mem_limit_bytes "$nf")" = $((30 * 1048576)); echo $?)" \
    "$tag: --mem=20M: the node file holds the 30 MiB limit Slurm set"
_check "$tag: --mem=20M: the step report says Slurm raised the request to that limit" \
    grep -q '^Slurm raised the request of 20.0 MiB to a limit of 30.0 MiB on n[12]' "$d/err"
_check "$tag: --mem=20M: and compares the node with both" \
    grep -Eq '^ n[12]  1 rank  true peak [0-9.]+ MiB \([0-9]+% of 20.0 MiB, [0-9]+% of the 30.0 MiB limit\)' \
    "$d/err"
[ $failed -eq $before ] || _show "$d"

# --- sacct's MaxRSS of a 0.2 s peak ---------------------------------------------

d=$(_fresh sacct-short)
before=$failed
# 150 MB held 0.2 s: 22.05 samples it every second (and may miss the
# peak); 26.05's jobacct_gather/cgroup takes each sample from the task
# cgroup's high-water mark, the last one at the task's end.
srun -N1 -n1 --mem=1G "$py" -c '
import os, time
print(os.environ["SLURM_JOB_ID"])
b = bytearray(150 * 10**6)
for i in range(0, len(b), 4096):
    b[i] = 1
time.sleep(0.2)' > "$d/out" 2> "$d/err"
_ok $? "$tag: a 150 MB peak held 0.2 s, without heapline, succeeds"
read -r job < "$d/out"
row=$("$cluster_sh" wait-sacct "$cdir" "$job.0")
maxrss=$(_sacct_bytes "$(echo "$row" | cut -d'|' -f3)")
echo "# sacct of the short step: $row ($maxrss bytes)"
case $release in
22.05) ;;
*)
    _ok "$(test "${maxrss:-0}" -ge 150000000; echo $?)" \
        "$tag: sacct's MaxRSS of the short step holds its 150 MB peak ($maxrss bytes), from the cgroup"
    ;;
esac
[ $failed -eq $before ] || _show "$d"

echo "1..$n"
[ $failed -eq 0 ]

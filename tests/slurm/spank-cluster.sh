#!/bin/bash
# The SPANK plugin on a real two-node Slurm cluster (tests/slurm/cluster.sh):
# every scenario of the plugin, on one cluster for the whole script. TAP.
# Skips (77) without root, Slurm's packages, or a built plugin.
set -u

cluster_mode=
# The per-task layout's scenarios; spank-node-files.sh has the default's.
layout=task
. "${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}/spank-lib.sh"
test_user=heapline-test

# --- four tasks over two nodes -------------------------------------------------

d=$(_fresh four-tasks)
(cd "$d" && srun --heapline -N2 -n4 --mem=1G "$py" "$touch_py" \
    100 2 > "$d/out" 2> "$d/err")
_ok $? "four tasks: srun --heapline -N2 -n4 --mem=1G succeeds"
sd=$(_stepdir "$d" 0)
_check "four tasks: one step folder heapline-JOB.0" test -n "$sd"
job=${sd##*/heapline-}
job=${job%.0}
recs=$(_records "$sd")
_ok "$(test "$(echo "$recs" | grep -c .)" = 4; echo $?)" \
    "four tasks: four records"
ranks=$(_column rank $recs | sort -n | tr '\n' ' ')
_ok "$(test "$ranks" = "0 1 2 3 "; echo $?)" "four tasks: ranks 0-3 ($ranks)"
hosts=$(_column host $recs | sort -u | tr '\n' ' ')
_ok "$(test "$hosts" = "n1 n2 "; echo $?)" \
    "four tasks: hosts on both nodes ($hosts)"
jobs=$(_column job $recs | sort -u | tr '\n' ' ')
_ok "$(test "$jobs" = "$job.0 "; echo $?)" \
    "four tasks: job column is JOB.STEP ($jobs)"
_check "four tasks: the report on srun's stderr" \
    grep -q "^heapline-report: 4 ranks on 2 nodes" "$d/err"
pernode=$(sed -n '/^Per node/,/^$/p' "$d/err")
_ok "$(echo "$pernode" | grep -q '^ n1 ' && echo "$pernode" | grep -q '^ n2 '
    echo $?)" "four tasks: per-node sums for n1 and n2"
_ok "$(test "$(echo "$pernode" | grep -c 'of 1.0 GiB')" = 2; echo $?)" \
    "four tasks: each node compared with --mem=1G"
_check "four tasks: a suggested request" grep -q "^Suggested request" "$d/err"
maxrss=$("$cluster_sh" wait-sacct "$cdir" "$job.0" 2> /dev/null | cut -d'|' -f3)
if [ -n "$maxrss" ]; then
    want=$(_size "$(_sacct_bytes "$maxrss")")
    _ok "$(tr '\n' ' ' < "$d/err" |
        grep -q "sacct MaxRSS of step $job.0 is $want"
        echo $?)" "four tasks: the Slurm line gives sacct's MaxRSS ($want)"
else
    _ok 1 "four tasks: sacct has a MaxRSS of $job.0"
fi
_ok "$(grep -q '^heapline-report: 4 ranks' "$sd/report.txt" &&
    grep -qF "$(sed -n '/^Suggested/p' "$sd/report.txt")" "$d/err"
    echo $?)" "four tasks: the report is kept as report.txt"
_ok "$(test "$(cat "$sd"/task-*.exit | grep -c ',exited,0,,,,[0-9]*\.[0-9]*$')" = 4; echo $?)" \
    "four tasks: four exit files, each 'exited 0', oom and task peak empty (no cgroup), with the time of its end"
_ok "$(grep -q '^heapline: .* allocs' "$d/err"; test $? -ne 0; echo $?)" \
    "four tasks: no summary line per task (quiet=on)"
_check "four tasks: no node file without a memory cgroup" \
    test -z "$(ls "$sd"/node-*.csv 2> /dev/null)"
_check "four tasks: the report says the nodes' true peak is not known" \
    grep -q "true peak is not known" "$d/err"
[ $failed -eq 0 ] || {
    _diag < "$d/err"
    ls -la "$sd" | _diag
}

# --- staggered peaks, no cgroup: the node's concurrent peak ---------------------

d=$(_fresh stagger)
# Task 1 allocates only once task 0 has freed its 300 MB (stagger.py).
(cd "$d" && srun --heapline -N1 -n2 --mem=1G "$py" "$stagger_py" 300 2 "$d" \
    > "$d/out" 2> "$d/err")
_ok $? "staggered peaks: srun --heapline -N1 -n2 --mem=1G succeeds"
sd=$(_stepdir "$d" 0)
sum=$(_column vmhwm_bytes $(_records "$sd") | awk '{ s += $1 } END { print s }')
set -- $(_concurrent "$sd" n1)
word=${1:-} conc=${2:-}
_ok "$(test -n "$conc" && test "$conc" -gt 300000000 &&
    test $((conc * 10)) -lt $((sum * 6)); echo $?)" \
    "staggered peaks: the concurrent $word is one task's ($conc), well below the VmHWM sum ($sum)"
_ok "$(grep -Eq "^ n1  2 ranks  $word $(_size "${conc:-0}") at [0-9.]+ s" "$d/err" &&
    grep -Eq "^Suggested request: .*\((the largest node concurrent $word,|the VmHWM of a process on n1, )" \
        "$d/err"
    echo $?)" "staggered peaks: the step report shows it, the suggestion from it (or from a process's VmHWM, where the readings of PSS, as rare as their cost asks, saw no more)"
[ $failed -eq 0 ] || _diag < "$d/err"

# --- batch job -----------------------------------------------------------------

d=$(_fresh batch)
cat > "$d/job.sh" << JOB
#!/bin/bash
#SBATCH --heapline
#SBATCH -N2 -n2 --mem=500M
echo "batch shell LD_PRELOAD=[\${LD_PRELOAD-}]"
srun "$py" "$touch_py" 50 0
srun "$py" "$touch_py" 20 0
JOB
out=$(cd "$d" && sbatch --wait --parsable -o "$d/slurm.out" "$d/job.sh" 2>&1)
_ok $? "batch: sbatch --wait of a '#SBATCH --heapline' script succeeds"
job=${out%%;*}
for s in 0 1; do
    _ok "$(test "$(_records "$d/heapline-$job.$s" | grep -c .)" = 2; echo $?)" \
        "batch: two records of step $job.$s"
done
_ok "$(test "$(grep -c '^heapline-report: 2 ranks on 2 nodes' \
    "$d/slurm.out")" = 2; echo $?)" "batch: two step reports in the job's output"
_check "batch: the batch shell is not preloaded" \
    grep -qx 'batch shell LD_PRELOAD=\[\]' "$d/slurm.out"
_ok "$(test "$(cd "$d" && ls -d heapline-* | tr '\n' ' ')" = \
    "heapline-$job.0 heapline-$job.1 "; echo $?)" \
    "batch: no folder of the batch or extern step"
_ok "$(test "$(_column job "$d"/heapline-*/*.csv | sort -u | tr '\n' ' ')" = \
    "$job.0 $job.1 "; echo $?)" "batch: every record is of an srun step"
[ -s "$d/slurm.out" ] && [ $failed -ne 0 ] && _diag < "$d/slurm.out"

# --- job arrays: the folder named as the records name the job -----------------

d=$(_fresh array)
printf '#!/bin/bash\n#SBATCH --heapline\nsrun -n1 true\n' > "$d/job.sh"
out=$(cd "$d" && sbatch --wait --parsable -a 2-3 -o "$d/slurm-%a.out" \
    "$d/job.sh" 2>&1)
_ok $? "array: sbatch --wait -a 2-3 of a '#SBATCH --heapline' script succeeds"
arr=${out%%;*}
_ok "$(test "$(cd "$d" && ls -d heapline-* | tr '\n' ' ')" = \
    "heapline-${arr}_2.0 heapline-${arr}_3.0 "; echo $?)" \
    "array: one folder per task, heapline-${arr}_2.0 and _3.0, not the raw job ids"
_ok "$(test "$(_column job "$d/heapline-${arr}_2.0"/task-*.csv)" = "${arr}_2.0"
    echo $?)" "array: the folder's name is its records' job column"
_ok "$(grep -q '^heapline-report: 1 rank' "$d/slurm-2.out" &&
    grep -q '^heapline-report: 1 rank' "$d/slurm-3.out"; echo $?)" \
    "array: each task's step report in its output"
[ $failed -eq 0 ] || { ls -R "$d"; cat "$d"/slurm-*.out; } | _diag

# --- a heterogeneous step: one step, one folder, one report ----------------------

d=$(_fresh het)
before=$failed
(cd "$d" && srun --heapline -n1 hostname : -n2 "$py" -c 'print("py")' \
    > "$d/out" 2> "$d/err")
_ok $? "heterogeneous step: srun -n1 hostname : -n2 python3 succeeds"
dirs=$(cd "$d" && ls -d heapline-*)
_ok "$(test "$(echo "$dirs" | grep -c .)" = 1; echo $?)" \
    "heterogeneous step: one folder for its components ($(echo $dirs))"
sd=$d/$dirs
ranks=$(_column rank $(_records "$sd") | sort -un | tr '\n' ' ')
_ok "$(test "$ranks" = "0 1 2 "; echo $?)" \
    "heterogeneous step: the records of every component's ranks in it ($ranks)"
exits=$(cd "$sd" && ls task-*.exit | tr '\n' ' ')
_ok "$(test "$exits" = "task-0.exit task-1.exit task-2.exit "; echo $?)" \
    "heterogeneous step: an exit file per rank, numbered as the ranks ($exits)"
_ok "$(for r in 0 1 2; do
        pid=$(sed -n 3p "$sd/task-$r.exit" | cut -d, -f3)
        test -f "$sd/task-$r.$pid.csv" || exit 1
    done; echo $?)" "heterogeneous step: each exit file's pid is its rank's first process"
_check "heterogeneous step: one report of the 3 ranks" \
    test "$(grep -c '^heapline-report: 3 ranks' "$d/err")" = 1
[ $failed -eq $before ] || { ls "$sd"; cat "$sd"/*.exit "$d/err"; } | _diag

# --- salloc, and a folder of the user's ----------------------------------------

d=$(_fresh salloc)
out=$(cd "$d" && salloc --heapline -N1 srun -n1 printenv HEAPLINE_OUTPUT \
    2> /dev/null)
_ok "$(case $out in "$d"/heapline-*.0/task-%t.%p.csv) true ;; *) false ;; esac
    echo $?)" "salloc --heapline: its steps are measured ($out)"

d=$(_fresh user-dir)
(cd "$d" && srun --heapline='out/%u' -n1 true > /dev/null 2>&1)
_ok "$(test "$(_records "$(_stepdir "$d/out/root" 0)" | grep -c .)" = 1
    echo $?)" "--heapline=DIR: a relative DIR with %u is made under the working directory"

# --- off by default ------------------------------------------------------------

d=$(_fresh off)
out=$(cd "$d" && srun -N2 -n2 printenv LD_PRELOAD HEAPLINE_OUTPUT 2>&1)
_ok "$(_lacks "$out" heapline; echo $?)" \
    "off by default: no task sees heapline in its environment"
_ok "$(test -z "$(ls "$d")"; echo $?)" "off by default: no folder made"

# --- the user's own preload ----------------------------------------------------

d=$(_fresh user-preload)
mine=$("$py" -c 'import ctypes.util, os; print(os.path.realpath("/lib/x86_64-linux-gnu/" + ctypes.util.find_library("m")))')
out=$(cd "$d" && LD_PRELOAD=$mine srun --heapline -n1 printenv LD_PRELOAD 2> /dev/null)
_ok "$(test "$out" = "$lib:$mine"; echo $?)" \
    "user's preload: kept after heapline's ($out)"

# --- site-wide default, plugstack.conf arguments -------------------------------

"$cluster_sh" plugstack "$cdir" "$plugstack default=on"
d=$(_fresh site-on)
out=$(cd "$d" && srun -n1 printenv LD_PRELOAD 2> /dev/null)
_ok "$(test "$out" = "$lib"; echo $?)" \
    "site-wide: default=on preloads without the option"
_ok "$(test "$(_records "$(_stepdir "$d" 0)" | grep -c .)" = 1; echo $?)" \
    "site-wide: and keeps a record"
out=$(cd "$d" && srun --no-heapline -n1 printenv LD_PRELOAD 2>&1)
_ok "$(_lacks "$out" heapline; echo $?)" "site-wide: --no-heapline turns it off"
out=$(cd "$d" && srun --heapline=off -n1 printenv LD_PRELOAD 2>&1)
_ok "$(_lacks "$out" heapline; echo $?)" "site-wide: --heapline=off turns it off"
"$cluster_sh" plugstack "$cdir" "$plugstack bogus=1"
out=$(cd "$d" && srun -n1 echo still-runs 2>&1)
_ok "$(echo "$out" | grep -qx still-runs &&
    echo "$out" | grep -q 'plugstack.conf argument "bogus=1" ignored'
    echo $?)" "plugstack: an unknown argument is logged and the job runs"
d=$(_fresh bad-argument)
cat > "$d/job.sh" << JOB
#!/bin/bash
srun -n1 true
srun -n1 true
JOB
(cd "$d" && sbatch --wait -o "$d/slurm.out" "$d/job.sh" > /dev/null 2> "$d/err")
bad='plugstack.conf argument "bogus=1" ignored'
_ok "$(test "$(grep -c "$bad" "$d/err")" = 1 && ! grep -q "$bad" "$d/slurm.out"
    echo $?)" "plugstack: a bad argument is told once per job, by sbatch, not by each srun in it"
_check "plugstack: and it is in the slurmd log" \
    grep -q "$bad" "$cdir/log/slurmd-n1.log"
[ $failed -eq 0 ] || cat "$d/err" "$d/slurm.out" | _diag
"$cluster_sh" plugstack "$cdir" \
    "optional $plugin lib=$art/missing.so report=$art/missing-report"
d=$(_fresh missing)
(cd "$d" && srun --heapline -N1 -n2 sh -c 'echo out; exit 4' > "$d/out" 2> "$d/err")
rc=$?
line=$(grep heapline "$d/err")
_ok "$(test $rc = 4 && test "$(grep -c . "$d/out")" = 2 &&
    test "$(echo "$line" | grep -c .)" = 1 &&
    echo "$line" | grep -q "cannot read the library $art/missing.so"
    echo $?)" "missing library: the step runs unchanged, one line says why ($line)"
"$cluster_sh" plugstack "$cdir" \
    "optional $plugin lib=$lib report=$art/missing-report"
(cd "$d" && srun --heapline -n1 true > "$d/out" 2> "$d/err")
rc=$?
line=$(grep heapline "$d/err")
_ok "$(test $rc = 0 && test "$(echo "$line" | grep -c .)" = 1 &&
    echo "$line" | grep -q "no report of step .*cannot run $art/missing-report"
    echo $?)" "missing report: srun's exit code unchanged, one line says why ($line)"
"$cluster_sh" plugstack "$cdir" "$plugstack"

# --- non-root user, unwritable folder ------------------------------------------

_as_user() { _as "$test_user" "$@"; } # DIR COMMAND...
if "$cluster_sh" add-user "$cdir" "$test_user" > "$top/adduser.err" 2>&1; then
    d=$(_fresh user)
    chown "$test_user" "$d"
    _as_user "$d" srun --heapline -N2 -n2 "$py" "$touch_py" 10 0 \
        > "$d/out" 2> "$d/err"
    _ok $? "non-root user: a measured step succeeds"
    sd=$(_stepdir "$d" 0)
    owners=$(stat -c %U "$sd" "$sd"/* | sort -u | tr '\n' ' ')
    _ok "$(test "$owners" = "$test_user "; echo $?)" \
        "non-root user: folder, records, exit files and report are the user's ($owners)"
    _ok "$(test "$(_records "$sd" | grep -c .)" = 2 && test -s "$sd/report.txt" &&
        test -f "$sd/task-1.exit"; echo $?)" \
        "non-root user: records, exit files and report written"

    cmd=(sh -c 'echo output-line; exit 3')
    _as_user "$d" srun -n1 "${cmd[@]}" > "$d/plain.out" 2> /dev/null
    plain_rc=$?
    _as_user "$d" srun --heapline=/var/lib -n1 "${cmd[@]}" > "$d/unw.out" \
        2> "$d/unw.err"
    unw_rc=$?
    _ok "$(test $plain_rc = 3 && test $unw_rc = 3; echo $?)" \
        "unwritable folder: exit code unchanged ($plain_rc, $unw_rc)"
    _check "unwritable folder: output unchanged" \
        cmp "$d/plain.out" "$d/unw.out"
    line=$(grep heapline "$d/unw.err")
    _ok "$(test "$(echo "$line" | grep -c .)" = 1 &&
        echo "$line" | grep -q 'no record.*/var/lib.*Permission denied'
        echo $?)" "unwritable folder: one clear line ($line)"
else
    _diag < "$top/adduser.err"
    _skip "non-root user" "no test user"
    _skip "unwritable folder" "no test user"
fi

# --- a killed task -------------------------------------------------------------

d=$(_fresh killed)
before=$failed
(cd "$d" && srun --heapline -N1 -n2 "$py" "$touch_py" 10 1 1 \
    > "$d/out" 2> "$d/err")
_ok "$(test $? -ne 0; echo $?)" \
    "killed task: srun fails, as it would without heapline"
sd=$(_stepdir "$d" 0)
_check "killed task: its exit file says signal 9" \
    grep -q '^1,n[12],[0-9]*,signaled,,9,,,[0-9]*\.[0-9]*$' "$sd/task-1.exit"
_check "killed task: the other task's says exited 0" \
    grep -q '^0,n[12],[0-9]*,exited,0,,,,[0-9]*\.[0-9]*$' "$sd/task-0.exit"
[ $failed -eq $before ] || {
    cat "$sd"/task-*.exit "$d/err" | _diag
}
_check "killed task: flagged in the step report on srun's stderr" \
    grep -q 'killed by signal 9' "$d/err"
_check "killed task: and in report.txt" \
    grep -q 'killed by signal 9' "$sd/report.txt"

# --- a statically linked program: unmeasured ----------------------------------

# Task 1 runs a program linked statically without heapline: LD_PRELOAD
# cannot reach it, it writes no record, and the step report says so.
d=$(_fresh static)
before=$failed
printf '#include <stdlib.h>\nint main(void) { free(malloc(1 << 20)); return 0; }\n' \
    > "$d/static.c"
${CC:-cc} -static -O0 -o "$d/static" "$d/static.c"
_ok $? "static program: cc -static builds it"
printf '0 %s %s 10 0\n1 %s\n' "$py" "$touch_py" "$d/static" > "$d/tasks.conf"
(cd "$d" && srun --heapline -N1 -n2 --multi-prog "$d/tasks.conf" \
    > "$d/out" 2> "$d/err")
_ok $? "static program: srun --heapline --multi-prog succeeds"
sd=$(_stepdir "$d" 0)
_ok "$(test "$(_records "$sd" | grep -c .)" = 1; echo $?)" \
    "static program: one record, the Python task's"
_check "static program: its task said unmeasured in the step report on srun's stderr" \
    grep -q '^ task 1  n[12]  pid [0-9]*  exit 0' "$d/err"
_check "static program: and in report.txt" \
    grep -q '^Unmeasured (1 of 1 task)' "$sd/report.txt"
[ $failed -eq $before ] || {
    cat "$sd"/task-*.exit "$d/err" | _diag
}

# --- MPI -----------------------------------------------------------------------

_mpi() { # NAME MPICC SRUN-MPI [VAR=VALUE...]: VARs set for the step
    local name=$1 mpicc=$2 mpi=$3 d sd
    shift 3
    if ! command -v "$mpicc" > /dev/null; then
        _skip "MPI $name: records' rank is MPI_Comm_rank" "no $mpicc"
        return
    fi
    if ! srun --mpi=list 2>&1 | grep -qw "$mpi"; then
        _skip "MPI $name: records' rank is MPI_Comm_rank" "no --mpi=$mpi"
        return
    fi
    d=$(_fresh "mpi-$name")
    if ! "$mpicc" -o "$d/mpi-rank" "$art/mpi-rank.c" 2> "$d/cc.err"; then
        _ok 1 "MPI $name: mpi-rank.c builds with $mpicc"
        _diag < "$d/cc.err"
        return
    fi
    (cd "$d" && env "$@" srun --mpi="$mpi" --heapline -N2 -n4 ./mpi-rank \
        > "$d/out" 2> "$d/err")
    _ok $? "MPI $name: srun --mpi=$mpi --heapline -N2 -n4 succeeds"
    sd=$(_stepdir "$d" 0)
    "$py" - "$d/out" "$sd" << 'PY'
import csv, glob, re, sys
want = {}
for line in open(sys.argv[1]):
    m = re.match(r"mpi rank (\d+) pid (\d+)", line)
    if m:
        want[m.group(2)] = m.group(1)
got = {}
for path in glob.glob(sys.argv[2] + "/*.csv"):
    rows = list(csv.reader(l for l in open(path) if not l.startswith("#")))
    rec = dict(zip(rows[0], rows[1]))
    got[rec["pid"]] = rec["rank"]
print("# MPI_Comm_rank by pid:", want, "records:", got)
sys.exit(0 if len(want) == 4 and got == want else 1)
PY
    _ok $? "MPI $name: each record's rank is its process's MPI_Comm_rank"
    [ $failed -eq 0 ] || _diag < "$d/err"
}
# Both nodes are one host: Open MPI's shared-memory transport (vader)
# between ranks of the two nodes crashes or hangs, heapline or not; TCP
# does not.
_mpi openmpi mpicc.openmpi pmix OMPI_MCA_btl=self,tcp
_mpi mpich mpicc.mpich pmi2

echo "1..$n"
[ $failed -eq 0 ]

#!/bin/bash
# The SPANK plugin on a two-node Slurm cluster in cgroup mode (cluster.sh
# start --cgroup: task/cgroup, ConstrainRAMSpace=yes): the node's true peak
# from the step's memory cgroup beside the sum of VmHWM, and an OOM kill
# told apart from another SIGKILL, in files per task and in one file per
# node. TAP. Skips (77) without root, Slurm's
# packages, a built plugin, or a cgroup v1 memory controller.
set -u

cluster_mode=--cgroup
# The per-task layout's scenarios; spank-node-files.sh has the default's.
layout=task
. "${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}/spank-lib.sh"

_field() { # COLUMN FILE: that column of the one row of a heapline CSV file
    "$py" - "$@" << 'PY'
import csv, sys
with open(sys.argv[2]) as f:
    rows = list(csv.reader(l for l in f if not l.startswith("#")))
print(rows[1][rows[0].index(sys.argv[1])])
PY
}
_sum_vmhwm() { # FILE...: the sum of the records' vmhwm_bytes
    _column vmhwm_bytes "$@" | awk '{ s += $1 } END { print s }'
}
_suggested_bytes() { # FILE: the --mem=NM of its "Suggested request" in bytes
    sed -n 's/^Suggested request: --mem=\([0-9]*\)M.*/\1/p' "$1" |
        awk '{ print $1 * 1048576 }'
}
_show() { # DIR: a scenario's files, after a failed check
    for f in "$1"/err "$1"/heapline-*/*.exit "$1"/heapline-*/node-*.csv; do
        [ -f "$f" ] && { echo "== $f"; cat "$f"; } | _diag
    done
}

# --- staggered peaks: the true peak is one task's, the VmHWM sum both ----------

d=$(_fresh stagger)
before=$failed
# Task 1 allocates only once task 0 has freed its 300 MB (stagger.py).
(cd "$d" && srun --heapline -N1 -n2 --mem=1G "$py" "$stagger_py" 300 2 "$d" \
    > "$d/out" 2> "$d/err")
_ok $? "staggered peaks: srun --heapline -N1 -n2 --mem=1G succeeds"
sd=$(_stepdir "$d" 0)
nf=$(ls "$sd"/node-*.csv 2> /dev/null)
_ok "$(test "$(echo "$nf" | grep -c .)" = 1 &&
    test "$(head -1 "$nf")" = "# heapline node 1"; echo $?)" \
    "staggered peaks: one node file, '# heapline node 1' ($nf)"
peak=$(_field cgroup_peak_bytes "$nf" 2> /dev/null)
sum=$(_sum_vmhwm $(_records "$sd"))
_ok "$(test "${peak:-0}" -gt 300000000 && test "$peak" -lt 400000000
    echo $?)" "staggered peaks: the cgroup's true peak is one task's, 300-400 MB ($peak)"
_ok "$(test "${sum:-0}" -gt 590000000; echo $?)" \
    "staggered peaks: the records' VmHWM sum is both tasks', over 590 MB ($sum)"
_ok "$(test "$(_field mem_limit_bytes "$nf")" = 1073741824; echo $?)" \
    "staggered peaks: the node file holds the step's limit, --mem=1G"
_ok "$(test "$(_field oom_kills "$nf")" = 0 &&
    test "$(cat "$sd"/task-*.exit | grep -c ',exited,0,,0,[1-9][0-9]*,[0-9]*\.[0-9]*$')" = 2; echo $?)" \
    "staggered peaks: no OOM kill, each exit file 'exited 0, oom 0', with its task cgroup's peak and its end"
pernode=$(sed -n '/^Per node/,/^$/p' "$d/err")
_ok "$(test -n "$peak" && test -n "$sum" &&
    echo "$pernode" | grep -q "true peak $(_size "$peak")" &&
    echo "$pernode" | grep -q "sum of VmHWM $(_size "$sum")"
    echo $?)" "staggered peaks: the node section shows the true peak $(_size "$peak") and the VmHWM sum $(_size "$sum")"
_check "staggered peaks: and the request with its share of the true peak" \
    grep -Eq "^ n1 .*true peak [^(]*\([0-9]+% of 1.0 GiB\)" "$d/err"
sug=$(_suggested_bytes "$d/err")
_ok "$(test "${sug:-0}" -ge "$peak" && test "$sug" -lt "$sum" &&
    grep -q "^Suggested request: .*(the largest node true peak," "$d/err"
    echo $?)" "staggered peaks: the suggestion follows the true peak and says so ($sug bytes)"
_check "staggered peaks: no line about files the report cannot read" \
    test -z "$(grep 'not a heapline' "$d/err")"
set -- $(_concurrent "$sd" n1)
word=${1:-} conc=${2:-}
_ok "$(test -n "$conc" && test -n "$peak" &&
    test $((conc * 10)) -ge $((peak * 9)) &&
    test $((conc * 10)) -le $((peak * 11)); echo $?)" \
    "staggered peaks: the concurrent $word ($conc) within 10% of the true peak ($peak)"
_ok "$(test -n "$conc" && test $((conc * 10)) -lt $((sum * 6)); echo $?)" \
    "staggered peaks: and well below the VmHWM sum ($sum)"
_check "staggered peaks: the step report shows the node's concurrent $word" \
    grep -Eq "^ n1 .*  $word $(_size "${conc:-0}") at [0-9.]+ s" "$d/err"
[ $failed -eq $before ] || _show "$d"

# --- OOM kill --------------------------------------------------------------------

d=$(_fresh oom)
before=$failed
(cd "$d" && srun --heapline -N1 -n1 --mem=100M "$py" "$touch_py" 300 0 \
    > "$d/out" 2> "$d/err")
_ok "$(test $? -ne 0; echo $?)" \
    "OOM kill: srun --mem=100M of a task touching 300 MB fails"
sd=$(_stepdir "$d" 0)
_check "OOM kill: the exit file says signal 9, oom 1" \
    grep -q '^0,n[12],[0-9]*,signaled,,9,1,[1-9][0-9]*,[0-9]*\.[0-9]*$' "$sd/task-0.exit"
nf=$(ls "$sd"/node-*.csv 2> /dev/null)
_ok "$(test "$(_field oom_kills "$nf")" = 1 &&
    test "$(_field mem_limit_bytes "$nf")" = 104857600; echo $?)" \
    "OOM kill: the node file counts it, with the 100 MiB limit"
_check "OOM kill: named out of memory in the step report, with the limit" \
    grep -q 'rank 0 .* killed: out of memory (limit 100.0 MiB)' "$d/err"
sug=$(_suggested_bytes "$d/err")
_ok "$(test "${sug:-0}" -gt 104857600 &&
    grep -q "^Suggested request: .*too small" "$d/err"; echo $?)" \
    "OOM kill: the suggestion says the request was too small and asks for more than 100 MiB ($sug bytes)"
[ $failed -eq $before ] || _show "$d"

# --- a plain SIGKILL -------------------------------------------------------------

d=$(_fresh sigkill)
before=$failed
(cd "$d" && srun --heapline -N1 -n2 --mem=500M "$py" "$touch_py" 10 1 1 \
    > "$d/out" 2> "$d/err")
_ok "$(test $? -ne 0; echo $?)" "SIGKILL: srun fails, as it would without heapline"
sd=$(_stepdir "$d" 0)
_check "SIGKILL: the exit file says signal 9, oom 0" \
    grep -q '^1,n[12],[0-9]*,signaled,,9,0,[1-9][0-9]*,[0-9]*\.[0-9]*$' "$sd/task-1.exit"
_check "SIGKILL: named killed by signal 9 in the step report" \
    grep -q 'rank 1 .* killed by signal 9' "$d/err"
_check "SIGKILL: not named out of memory" \
    test -z "$(grep -i 'out of memory' "$d/err")"
_check "SIGKILL: the suggestion does not call the request too small" \
    test -z "$(grep 'too small' "$d/err")"
[ $failed -eq $before ] || _show "$d"

# --- a FIFO planted at the node file ---------------------------------------------

d=$(_fresh fifo-node-file)
before=$failed
(cd "$d" && srun --heapline -N1 -n1 sh -c \
    'mkfifo "${HEAPLINE_OUTPUT%/*}/node-$SLURMD_NODENAME.csv" && echo done' \
    > "$d/out" 2> "$d/err")
rc=$?
_ok "$(test $rc = 0 && grep -qx done "$d/out"; echo $?)" \
    "FIFO at the node file: the step ends, as without heapline ($rc)"
_ok "$(test -z "$(sinfo -h -N -o '%N %t' | grep -E ' (drain|drng|down|fail)')"
    echo $?)" \
    "FIFO at the node file: no node drained"
lines=$(grep 'error: heapline: ' "$d/err")
_ok "$(test "$(echo "$lines" | grep -c .)" = 1 &&
    echo "$lines" | grep -q "node-n[12].csv: a FIFO is there, not a regular file"
    echo $?)" "FIFO at the node file: one line says it was refused ($lines)"
[ $failed -eq $before ] || _show "$d"

# --- an OOM kill with allocation sites on -----------------------------------------

d=$(_fresh callsites-oom)
before=$failed
if cc -g -O1 -o "$d/callsites-oom" "$srcdir/callsites-oom.c" 2> "$d/cc.err"; then
    chmod a+rx "$d/callsites-oom"
    (cd "$d" && HEAPLINE_SITES=1 srun --heapline -N1 -n1 --mem=100M \
        ./callsites-oom > "$d/out" 2> "$d/err")
    _ok "$(test $? -ne 0; echo $?)" \
        "sites, OOM kill: srun --mem=100M of a task filling 1 GiB fails"
    _check "sites, OOM kill: the step report names its top site, fill_field" \
        grep -Eq '^ [0-9.]+ MiB +± .* fill_field \(callsites-oom\.c:[0-9]+\)' \
        "$d/err"
    _check "sites, OOM kill: and the one below it, fill_halo" \
        grep -Eq '^ 2[0-9]\.[0-9] MiB +± .* fill_halo \(callsites-oom\.c:' "$d/err"
else
    _ok 1 "sites, OOM kill: callsites-oom.c builds with cc"
    _diag < "$d/cc.err"
fi
[ $failed -eq $before ] || _show "$d"

# --- one file per node (layout=node): an OOM kill, the true peak -----------------

_merged() { "$py" "$srcdir/merged-sections.py" rows "$@"; } # KIND COLUMN FILE
"$cluster_sh" plugstack "$cdir" "$plugstack_base"
d=$(_fresh oom-per-node)
before=$failed
# Rank 0 touches 60 MB on n1, rank 1 120 MB on n2, over --mem=100M.
(cd "$d" && srun --heapline -N2 -n2 --mem=100M "$py" "$touch_py" 60 2 \
    > "$d/out" 2> "$d/err")
_ok "$(test $? -ne 0; echo $?)" \
    "one file per node, OOM kill: srun fails, as it would without heapline"
sd=$(_stepdir "$d" 0)
_ok "$(test "$(cd "$sd" && ls -A | tr '\n' ' ')" = \
    "node-n1.heapline node-n2.heapline report.html report.txt "; echo $?)" \
    "one file per node, OOM kill: one file per node, report.txt and report.html"
nf=$sd/node-n2.heapline
_ok "$(test "$(_merged exit oom "$nf")" = 1 &&
    test "$(_merged exit signal "$nf")" = 9; echo $?)" \
    "one file per node, OOM kill: n2's exit row says signal 9, oom 1"
_ok "$(test "$(_merged node oom_kills "$nf")" = 1 &&
    test "$(_merged node mem_limit_bytes "$nf")" = 104857600; echo $?)" \
    "one file per node, OOM kill: n2's node section counts it, with the limit"
_ok "$(test "$(_merged record end "$nf")" = unfinished; echo $?)" \
    "one file per node, OOM kill: with the killed process's provisional record"
peak=$(_merged node cgroup_peak_bytes "$sd/node-n1.heapline")
_ok "$(test "${peak:-0}" -gt 60000000 && test "$peak" -lt 104857600; echo $?)" \
    "one file per node, OOM kill: n1's true peak, over its 60 MB ($peak)"
_check "one file per node, OOM kill: named out of memory in the step report" \
    grep -q 'rank 1 .* killed: out of memory (limit 100.0 MiB)' "$d/err"
[ $failed -eq $before ] || { cat "$sd"/*.heapline; _show "$d"; } | _diag

echo "1..$n"
[ $failed -eq 0 ]

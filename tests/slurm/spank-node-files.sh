#!/bin/bash
# One file per node (layout=node, the default) on a real two-node cluster
# (tests/slurm/cluster.sh), plain mode: the tasks write their records in a
# node-local folder (the node's TmpFS, tmp-n1/ and tmp-n2/ here), and each
# node leaves one merged file in the step folder, beside report.txt; the
# report is the one the per-task layout gives; a step cancelled, a full
# node-local file system, a node-local folder that cannot be used and
# files a task plants each end the step with what there is, said; the
# records a killed slurmstepd left behind are merged by the end of the
# next step on its node. TAP.
# Skips without root, Slurm's packages, or a built plugin.
set -u

cluster_mode=
. "${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}/spank-lib.sh"
test_user=heapline-test

_files() { (cd "$1" && ls -A | tr '\n' ' '); } # DIR: its entries
_rows() { "$py" "$srcdir/merged-sections.py" rows "$@"; } # KIND COLUMN FILE...
_split() { "$py" "$srcdir/merged-sections.py" split "$@"; } # DIR OUT
# FILE: the report without its figures, for two runs' compare: nor the
# columns' widths, nor what the suggestion rests on, which follow them (a
# VmHWM of one process above the node's concurrent PSS in one run, not in
# the other), nor its sites (each run samples other allocations).
_masked() {
    sed -E -e '/queued and waiting|has been allocated/d' \
        -e '/^(Sites at the peak|Largest sites of)/,/^$/d' \
        -e 's/[0-9]+(\.[0-9]+)?( ?[KMGT]?i?B)?/N/g' -e 's/ +/ /g' "$1" |
        awk '/^Under Slurm, request/ { print "Under Slurm, request"; skip = 1; next }
            skip && /^$/ { skip = 0 }
            !skip'
}
_local_left() { # the node-local folders still in the nodes' TmpFS
    find "$cdir/tmp-n1" "$cdir/tmp-n2" -mindepth 1 -maxdepth 1 -name 'heapline-*'
}

# --- four tasks, then sixteen: one file per node -------------------------------

for tasks in 4 16; do
    d=$(_fresh "per-node-$tasks")
    before=$failed
    (cd "$d" && srun --heapline -N2 -n$tasks --overcommit "$py" "$touch_py" 20 0 \
        > "$d/out" 2> "$d/err")
    _ok $? "$tasks tasks: srun --heapline -N2 -n$tasks --overcommit succeeds"
    sd=$(_stepdir "$d" 0)
    _ok "$(test "$(_files "$sd")" = "node-n1.heapline node-n2.heapline report.html report.txt "
        echo $?)" "$tasks tasks: one file per node, report.txt and report.html in the step folder ($(_files "$sd"))"
    _ok "$(test -z "$(_local_left)"; echo $?)" \
        "$tasks tasks: no node-local folder left in tmp-n1/, tmp-n2/"
    ranks=$(_rows record rank "$sd"/*.heapline | sort -un | grep -c .)
    _ok "$(test "$ranks" = "$tasks"; echo $?)" \
        "$tasks tasks: every rank's record in the node files ($ranks)"
    _ok "$(test "$(_rows exit status "$sd"/*.heapline | grep -c '^exited$')" = \
        "$tasks"; echo $?)" "$tasks tasks: an exit row per task, each exited"
    _ok "$(test "$(_rows merged unmerged "$sd"/*.heapline | sort -u)" = 0 &&
        test -z "$(_rows merged missing "$sd"/*.heapline | tr -d '\n')"
        echo $?)" "$tasks tasks: nothing left out, nothing missing"
    _check "$tasks tasks: the report on srun's stderr" \
        grep -q "^heapline-report: $tasks ranks on 2 nodes" "$d/err"
    # "error:", as srun and Slurm write it: the tables of sites have a
    # column "± error".
    _check "$tasks tasks: no error line" test -z "$(grep 'error:' "$d/err")"
    [ $failed -eq $before ] || { ls -la "$sd"; cat "$d/err"; } | _diag
done

# --- the same report as the per-task layout ------------------------------------

d=$(_fresh same-report)
before=$failed
sd=$(_stepdir "$work/per-node-4" 0)
_split "$sd" "$d/split"
"$report" --no-sacct "$sd" > "$d/merged.txt" 2> "$d/merged.err"
"$report" --no-sacct "$d/split" > "$d/split.txt" 2> "$d/split.err"
_ok "$(cmp -s "$d/merged.txt" "$d/split.txt" && test ! -s "$d/merged.err"
    echo $?)" "same report: the node files and the same rows as per-task files give one report"
[ $failed -eq $before ] || {
    diff "$d/merged.txt" "$d/split.txt"
    cat "$d/merged.err"
} | _diag
"$cluster_sh" plugstack "$cdir" "$plugstack layout=task"
(cd "$d" && srun --heapline -N2 -n4 "$py" "$touch_py" 20 0 > "$d/out" \
    2> "$d/task.err")
"$cluster_sh" plugstack "$cdir" "$plugstack"
td=$(_stepdir "$d" 0)
_ok "$(test "$(ls "$td" | grep -c 'task-.*\.csv$')" = 4 &&
    test "$(ls "$td" | grep -c 'exit$')" = 4; echo $?)" \
    "same report: layout=task leaves a record and an exit file per task"
"$report" --no-sacct "$td" > "$d/task.txt" 2> "$d/task.txt.err"
_masked "$d/merged.txt" > "$d/a"
_masked "$d/task.txt" > "$d/b"
_ok "$(cmp -s "$d/a" "$d/b" && test ! -s "$d/task.txt.err"; echo $?)" \
    "same report: both layouts' folders give the same report but for its figures"
[ $failed -eq $before ] || diff "$d/a" "$d/b" | _diag

# --- scancel during the step ---------------------------------------------------

d=$(_fresh scancel)
before=$failed
(cd "$d" && exec srun -J hl-scancel --heapline -N2 -n4 "$py" "$touch_py" 20 forever \
    > "$d/out" 2> "$d/err") &
srun_pid=$!
until [ "$(grep -c '^rank' "$d/out" 2> /dev/null)" = 4 ]; do sleep 0.1; done
scancel -n hl-scancel
wait $srun_pid
sd=$(_stepdir "$d" 0)
# The nodes merge as their tasks end (else the test hangs here).
until [ "$(ls "$sd"/node-n*.heapline 2> /dev/null | grep -c .)" = 2 ]; do
    sleep 0.1
done
_ok "$(test "$(ls "$sd"/node-n*.heapline | grep -c .)" = 2; echo $?)" \
    "scancel: each node still leaves its one file ($(_files "$sd"))"
_ok "$(test "$(_rows record end "$sd"/*.heapline | grep -c unfinished)" = 4
    echo $?)" "scancel: with the four provisional records"
_ok "$(test "$(_rows exit status "$sd"/*.heapline | grep -c signaled)" = 4
    echo $?)" "scancel: and four exit rows, signaled"
"$report" --no-sacct "$sd" > "$d/later" 2> "$d/later.err"
_ok "$(grep -q '^heapline-report: 4 ranks on 2 nodes' "$d/later" &&
    grep -q '^Did not exit normally (4 of 4)' "$d/later"; echo $?)" \
    "scancel: heapline-report DIR reports them, cut short"
_ok "$(test -z "$(_local_left)"; echo $?)" "scancel: no node-local folder left"
[ $failed -eq $before ] || { _files "$sd"; cat "$d/err" "$d/later"; } | _diag

# --- a full node-local file system ---------------------------------------------

d=$(_fresh full-tmpfs)
before=$failed
if mount -t tmpfs -o size=256k,mode=1777 hl-full "$cdir/tmp-n1" 2> "$d/mount.err"; then
    dd if=/dev/zero of="$cdir/tmp-n1/fill" bs=4k 2> /dev/null
    (cd "$d" && srun --heapline -N2 -n2 "$py" "$touch_py" 20 0 > "$d/out" \
        2> "$d/err")
    rc=$?
    rm -f "$cdir/tmp-n1/fill"
    umount "$cdir/tmp-n1"
    sd=$(_stepdir "$d" 0)
    _ok "$(test $rc = 0 && test "$(_files "$sd")" = \
        "node-n1.heapline node-n2.heapline report.html report.txt "; echo $?)" \
        "full tmpfs: the step succeeds, one file per node ($rc: $(_files "$sd"))"
    missing=$(_rows merged missing "$sd/node-n1.heapline")
    _ok "$(echo "$missing" | grep -q 'task 0 (pid [0-9]*): no record' &&
        echo "$missing" | grep -q 'the node-local folder: full'; echo $?)" \
        "full tmpfs: n1's file says its task left no record, the folder full ($missing)"
    _ok "$(test "$(_rows record rank "$sd/node-n2.heapline")" = 1; echo $?)" \
        "full tmpfs: n2's record is there"
    _check "full tmpfs: the report names what is missing, and is partial" \
        sh -c "grep -q 'node-n1.heapline: .*no record.*full' '$d/err' &&
            grep -q 'report of step .* is partial' '$d/err'"
    [ $failed -eq $before ] || { _files "$sd"; cat "$d/err"; } | _diag
else
    _diag < "$d/mount.err"
    for w in "one file per node" "n1 says what is missing" "n2's record" \
        "the report names it"; do
        _skip "full tmpfs: $w" "cannot mount a tmpfs"
    done
fi

# --- a node-local folder that cannot be used -----------------------------------

"$cluster_sh" plugstack "$cdir" "$plugstack local_dir=/nonexistent"
d=$(_fresh fallback)
before=$failed
(cd "$d" && srun --heapline -N2 -n4 true > "$d/out" 2> "$d/err")
_ok $? "no node-local folder: the step succeeds"
sd=$(_stepdir "$d" 0)
lines=$(grep 'error: heapline: ' "$d/err")
_ok "$(test "$(echo "$lines" | grep -c .)" = 2 &&
    test "$(echo "$lines" | grep -c 'the node-local folder cannot be used: .*/nonexistent does not exist.*; one file per task in the step folder instead')" = 2
    echo $?)" "no node-local folder: one line per node says so"
_ok "$(test "$(ls "$sd" | grep -c 'task-.*\.csv$')" = 4 &&
    test "$(ls "$sd" | grep -c 'exit$')" = 4; echo $?)" \
    "no node-local folder: a record and an exit file per task instead"
_check "no node-local folder: the report of the 4 ranks" \
    grep -q '^heapline-report: 4 ranks on 2 nodes' "$d/err"
[ $failed -eq $before ] || _diag < "$d/err"
"$cluster_sh" plugstack "$cdir" "$plugstack"

# --- what a task can plant -------------------------------------------------------

d=$(_fresh planted)
before=$failed
(cd "$d" && srun --heapline -N1 -n1 sh -c \
    'mkfifo "${HEAPLINE_OUTPUT%/*}/task-9.99.csv" &&
     ln -s /etc/shadow "${HEAPLINE_OUTPUT%/*}/task-8.98.csv" && echo done' \
    > "$d/out" 2> "$d/err")
rc=$?
sd=$(_stepdir "$d" 0)
nf=$(ls "$sd"/node-n*.heapline)
missing=$(_rows merged missing $nf)
_ok "$(test $rc = 0 && grep -qx done "$d/out"; echo $?)" \
    "planted: a FIFO and a link in the node-local folder, the step ends ($rc)"
_ok "$(echo "$missing" | grep -q 'task-9.99.csv: not a regular file' &&
    echo "$missing" | grep -q 'task-8.98.csv: a symbolic link'; echo $?)" \
    "planted: the merged file names both, left out ($missing)"
_check "planted: nothing of the link's target" \
    test -z "$(grep '^root:' $nf)"
_ok "$(test -z "$(sinfo -h -N -o '%N %t' | grep -E ' (drain|drng|down|fail)')"
    echo $?)" "planted: no node drained"
[ $failed -eq $before ] || { cat $nf "$d/err"; } | _diag

d=$(_fresh planted-tmp)
before=$failed
(cd "$d" && srun --heapline -N1 -n1 sh -c \
    'mkfifo "$PWD/heapline-$SLURM_JOB_ID.0/.node-$SLURMD_NODENAME.heapline.tmp" &&
     echo done' > "$d/out" 2> "$d/err")
rc=$?
sd=$(_stepdir "$d" 0)
lines=$(grep 'error: heapline: ' "$d/err")
_ok "$(test $rc = 0 && grep -qx done "$d/out"; echo $?)" \
    "FIFO at the merged file's temporary name: the step ends ($rc)"
_ok "$(test "$(echo "$lines" | grep -c 'cannot write .*node-n[12].heapline: a FIFO is there, not a regular file: refused (the node.s records stay in ')" = 1
    echo $?)" "FIFO at the merged file's temporary name: one line says it was refused and where the records stay"
_ok "$(test -z "$(sinfo -h -N -o '%N %t' | grep -E ' (drain|drng|down|fail)')"
    echo $?)" "FIFO at the merged file's temporary name: no node drained"
[ $failed -eq $before ] || _diag < "$d/err"
rm -rf "$cdir"/tmp-n[12]/heapline-*

# --- another user --------------------------------------------------------------

if "$cluster_sh" add-user "$cdir" "$test_user" > "$top/adduser.err" 2>&1; then
    d=$(_fresh user)
    before=$failed
    chown "$test_user" "$d"
    # Not waiting for sacct, the report's arguments are known: the page
    # is compared with the one the same command writes by hand.
    "$cluster_sh" plugstack "$cdir" "$plugstack sacct_wait=0"
    _as "$test_user" "$d" srun --heapline -N2 -n2 --mem=1G "$py" "$touch_py" \
        10 0 > "$d/out" 2> "$d/err"
    _ok $? "another user: a measured step succeeds"
    "$cluster_sh" plugstack "$cdir" "$plugstack"
    sd=$(_stepdir "$d" 0)
    owners=$(stat -c %U "$sd" "$sd"/* | sort -u | tr '\n' ' ')
    _ok "$(test "$owners" = "$test_user " &&
        test "$(_files "$sd")" = "node-n1.heapline node-n2.heapline report.html report.txt "
        echo $?)" "another user: folder, node files, report and page are the user's ($owners)"
    _ok "$(test -z "$(_local_left)"; echo $?)" \
        "another user: the node-local folders made and removed as the user"
    by_hand() { # heapline-report as the plugin ran it, and ARGS
        _as "$test_user" "$d" "${built:+$art/}heapline-report" --mem 1024M \
            --job "${sd##*/heapline-}" --sacct=later "$@" "$sd"
    }
    by_hand > "$d/text" 2> /dev/null
    by_hand --format=html > "$d/page.html" 2> /dev/null
    # The two differ by the time each was made, in its <time> element.
    made='s|<time datetime="[^"]*">[^<]*</time>|<time/>|'
    sed "$made" "$sd/report.html" > "$d/kept.html"
    _ok "$(cmp -s "$d/text" "$sd/report.txt" && test -s "$d/page.html" &&
        sed "$made" "$d/page.html" | cmp -s - "$d/kept.html"; echo $?)" \
        "another user: report.html is the page heapline-report --format=html writes of the records"
    _ok "$(test "$(tail -n 1 "$d/err")" = "HTML page with charts: $sd/report.html"
        echo $?)" "another user: the last line of srun's stderr names it ($(tail -n 1 "$d/err"))"
    [ $failed -eq $before ] || _diag < "$d/err"
else
    _diag < "$top/adduser.err"
    _skip "another user" "no test user"
fi

# --- n2's slurmstepd killed: the next step on n2 merges what it left ----------

d=$(_fresh stepd-killed)
before=$failed
(cd "$d" && exec srun -J hl-stepd --heapline -N2 -n2 "$py" "$touch_py" 20 forever \
    > "$d/out" 2> "$d/err") &
srun_pid=$!
until [ "$(grep -c '^rank' "$d/out" 2> /dev/null)" = 2 ]; do sleep 0.1; done
# n2's task and its parent, n2's slurmstepd (both nodes run on this host).
task=$(awk '$4 == "n2" { print $6 }' "$d/out")
stepd=$(ps -o ppid= -p "${task:-0}" | tr -d ' ')
[ "$(ps -o comm= -p "${stepd:-0}")" = slurmstepd ] || stepd=
kill -9 $stepd 2> /dev/null
kill -9 $task 2> /dev/null
scancel -n hl-stepd
wait $srun_pid
# Slurm may drain a node whose step it could not end: back to service.
until [ -z "$(squeue -h -n hl-stepd)" ]; do sleep 0.1; done
scontrol update nodename=n2 state=resume 2> /dev/null
sd=$(_stepdir "$d" 0)
_ok "$(test -n "$stepd" && test "$(_files "$sd")" = "node-n1.heapline report.html report.txt "
    echo $?)" "stepd killed: n2's slurmstepd ($stepd) leaves no file ($(_files "$sd"))"
_ok "$(test -n "$(_local_left)"; echo $?)" \
    "stepd killed: n2's node-local folder stays, with the records"
# The next step on n2, of any job of the user: its end finds the folder.
(cd "$d" && srun --heapline -N2 -n2 "$py" "$touch_py" 20 0 > "$d/out2" 2> "$d/err2")
until [ -e "$sd/node-n2.heapline" ]; do sleep 0.1; done
_ok "$(test -e "$sd/node-n2.heapline"; echo $?)" \
    "stepd killed: the next step's end on n2 merges the folder into the first step's"
_ok "$(test "$(_rows record end "$sd/node-n2.heapline")" = unfinished; echo $?)" \
    "stepd killed: with rank 1's provisional record"
_ok "$(_rows merged missing "$sd/node-n2.heapline" | grep -q 'slurmstepd ended before its tasks'
    echo $?)" "stepd killed: its missing column says how it came"
_ok "$(test -z "$(_local_left)"; echo $?)" "stepd killed: no node-local folder left"
"$report" --no-sacct "$sd" > "$d/later" 2> "$d/later.err"
_ok "$(grep -q '^heapline-report: 2 ranks on 2 nodes' "$d/later"; echo $?)" \
    "stepd killed: heapline-report DIR reports both ranks"
[ $failed -eq $before ] || { _files "$sd"; cat "$d/err" "$d/err2" "$d/later.err"; _local_left; } | _diag

echo "1..$n"
[ $failed -eq 0 ]

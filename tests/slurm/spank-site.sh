#!/bin/bash
# The site's summary lines (plugstack site=DIR, default=on) on a two-node
# cluster in cgroup mode, with two users: alice asks 4x the memory her
# step uses (twice: layout=node, the default, where the records' VmHWM is
# read in the node-local folder before the merge, and layout=task), bob's
# step is OOM-killed and forges a record of his own with a huge VmHWM and
# an RSS timeline past the node's memory; a static task of alice's (which
# the library does not load in) writes two records with RSS timelines, as
# a user could, whose concurrent peak is 110 MiB; then two tasks of hers
# on one node, whose records' timelines the library writes.
# Each measured step leaves one line per node in DIR, written by root;
# heapline-site names alice as the over-requester with her wasted
# GiB-hours (checked against the lines by an independent sum), bob's OOM
# kill, and refuses nothing but what was planted; the concurrent peak is
# in the line of the static task's step, 110 MiB, and of the two tasks'
# step, between their largest VmHWM and their sum, left out of bob's and
# of the one-process steps (a process's VmHWM says as much, as in
# heapline-report); bob cannot write in DIR;
# a symlink planted as a node's file of the day (and of the next, for a
# run that crosses midnight UTC) is not followed (its target untouched,
# one line in the slurmd log) and heapline-site skips it. Run on a Slurm
# release and cgroup v1 by a test named after both: spank-site-22.05-v1.sh
# (Debian's), spank-site-26.05-v1.sh (install-slurm.sh's, with the plugin
# built for it by with-plugin-26.05.sh and its own slurmdbd). TAP. Skips
# without root, the release, a built plugin, or a cgroup v1 memory
# controller.
set -u

release=${1:-22.05}
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
cluster_mode=--cgroup=v1
. "$here/spank-lib.sh"
alice=heapline-alice
bob=heapline-bob
site_bin=$build/report/heapline-site

if ! "$cluster_sh" add-user "$cdir" "$alice" > "$top/adduser.err" 2>&1 ||
    ! "$cluster_sh" add-user "$cdir" "$bob" >> "$top/adduser.err" 2>&1; then
    _diag < "$top/adduser.err"
    echo "1..0 # SKIP no test users"
    exit 0
fi
for u in "$alice" "$bob"; do
    install -d -o "$u" "$work/$u"
done
site=$top/site
install -d -m 0755 "$site"
"$cluster_sh" plugstack "$cdir" "$plugstack default=on site=$site"
# The file of the day is named when a step ends: a run that crosses
# midnight UTC writes the next day's. Both are planted on n2, and n1's
# lines are read from the files of both days.
day=$(date -u +%F)
next=$(date -u -d "$day + 1 day" +%F)
victim=$top/victim
: > "$victim"
for d in "$day" "$next"; do
    ln -s "$victim" "$site/n2-$d.csv"
done

_show() {
    for f in "$site"/*.csv "$work"/*/err; do
        [ -f "$f" ] && { echo "== $f"; cat "$f"; } | _diag
    done
}

_check "the cluster runs Slurm $release ($(sinfo -V))" \
    test "$(sinfo -V | cut -d' ' -f2 | cut -d. -f1-2)" = "$release"

# --- the jobs --------------------------------------------------------------------

_as "$alice" "$work/$alice" srun -w n1 -N1 -n1 --mem=400M "$py" "$touch_py" \
    100 3 > "$work/$alice/out" 2> "$work/$alice/err"
_ok $? "alice: srun --mem=400M of a task touching 100 MB succeeds"
_as "$bob" "$work/$bob" srun -w n1 -N1 -n1 --mem=100M sh -c '
    d=${HEAPLINE_OUTPUT%/*}
    printf "# heapline 1\nrank,host,pid,job,elapsed_s,allocs,frees,peak_heap_bytes,peak_heap_time_s,live_heap_at_exit_bytes,vmhwm_bytes,vmrss_at_exit_bytes,start_time_s,timeline\n0,n1,1,x,1.000,1,1,1,0.000,0,18446744073709551615,0,%s.000000000,0:1:18446744073709551614\n" \
        "$(date +%s)" > "$d/task-0.1.csv"
    exec "$0" "$@"' "$py" "$touch_py" 300 0 \
    > "$work/$bob/out" 2> "$work/$bob/err"
_ok "$(test $? -ne 0; echo $?)" "bob: srun --mem=100M of a task touching 300 MB fails"
"$cluster_sh" plugstack "$cdir" "$plugstack default=on site=$site layout=task"
_as "$alice" "$work/$alice" srun -w n1 -N1 -n1 --mem=400M "$py" "$touch_py" \
    100 0 > "$work/$alice/out3" 2> "$work/$alice/err3"
_ok $? "alice: the same task again with layout=task succeeds"
"$cluster_sh" plugstack "$cdir" "$plugstack default=on site=$site"
if ${CC:-cc} -static -O2 -o "$art/site-timelines" "$srcdir/site-timelines.c" \
    2> "$top/cc.err"; then
    _as "$alice" "$work/$alice" srun -w n1 -N1 -n1 --mem=400M \
        "$art/site-timelines" > /dev/null 2> "$work/$alice/err4"
    _ok $? "alice: a static task writing two records with RSS timelines succeeds"
else
    _diag < "$top/cc.err"
    _ok 1 "site-timelines.c builds static"
fi
_as "$alice" "$work/$alice" srun -w n1 -N1 -n2 --mem=400M "$py" "$touch_py" \
    50 1 > /dev/null 2> "$work/$alice/err5"
_ok $? "alice: two tasks on one node touching 50 MB each succeed"
_as "$alice" "$work/$alice" srun -w n2 -N1 -n1 --mem=100M true \
    > /dev/null 2> "$work/$alice/err2"
_ok $? "alice: a step on n2, where a symlink is planted, runs as without heapline"

# --- what root kept ----------------------------------------------------------------

n1_files=$(ls "$site/n1-$day.csv" "$site/n1-$next.csv" 2> /dev/null)
owners=$(for g in $n1_files; do stat -c '%U %a' "$g"; done | sort -u)
_check "n1's file of the day is root's, mode 0600" \
    test "$owners" = "root 600"
heads=$(for g in $n1_files; do head -1 "$g"; done | sort -u)
f=$top/n1.csv
for g in $n1_files; do
    [ -s "$f" ] || head -2 "$g" > "$f"
    grep '^[0-9]' "$g" >> "$f"
done
_check "it starts with '# heapline site 1' and holds five lines" \
    test "$heads" = "# heapline site 1" -a \
    "$(grep -c '^[0-9]' "$f" 2> /dev/null)" = 5
g=${n1_files%%[[:space:]]*}
runuser -u "$bob" -- sh -c "echo forged >> '$g'" 2> /dev/null
_ok "$(test $? -ne 0 -a -n "$g" && ! grep -q forged "$g"; echo $?)" \
    "bob cannot append a line to n1's file"
runuser -u "$bob" -- sh -c "echo forged > '$site/n9-$day.csv'" 2> /dev/null
_ok "$(test $? -ne 0 -a ! -e "$site/n9-$day.csv"; echo $?)" \
    "nor make a file in the site folder"
_check "the symlink's target is untouched" test ! -s "$victim"
_check "the user's srun says nothing of the site folder" \
    test -z "$(grep 'site folder' "$work/$alice/err2")"
_check "the slurmd log says the symlink was refused" \
    grep -Eq "heapline: site folder $site: cannot append to n2-($day|$next).csv: a symbolic link" \
    "$cdir"/log/slurmd-n2.log
line() { # USER COLUMN [N]: that column of USER's Nth line (1) in n1's file
    "$py" - "$f" "$1" "$2" "${3:-1}" << 'PY'
import csv, sys
rows = list(csv.reader(l for l in open(sys.argv[1]) if not l.startswith("#")))
mine = [r for r in rows[1:] if r[rows[0].index("user")] == sys.argv[2]]
if len(mine) >= int(sys.argv[4]):
    print(mine[int(sys.argv[4]) - 1][rows[0].index(sys.argv[3])])
PY
}
_check "alice's line: request 400 MiB, no OOM kill, one task" \
    test "$(line "$alice" request_bytes) $(line "$alice" oom_kills) $(line "$alice" tasks)" = "419430400 0 1"
peak=$(line "$alice" cgroup_peak_bytes)
_ok "$(test "${peak:-0}" -gt 100000000 -a "${peak:-0}" -lt 200000000; echo $?)" \
    "alice's line: the cgroup's true peak, 100-200 MB ($peak)"
el=$(line "$alice" elapsed)
_ok "$("$py" -c "import sys; sys.exit(not 3 <= float('$el') < 60)" 2> /dev/null; echo $?)" \
    "alice's line: elapsed at least the 3 s held ($el)"
vm=$(line "$alice" vmhwm_sum_bytes)
_ok "$(test "${vm:-0}" -gt 100000000; echo $?)" \
    "alice's line: her record's VmHWM, read as her, layout=node ($vm)"
vm=$(line "$alice" vmhwm_sum_bytes 2)
_ok "$(test "${vm:-0}" -gt 100000000; echo $?)" \
    "alice's second line: her record's VmHWM, layout=task ($vm)"
_check "bob's line: one OOM kill" test "$(line "$bob" oom_kills)" = 1
_check "bob's line: his forged huge VmHWM left out, the field empty" \
    test -z "$(line "$bob" vmhwm_sum_bytes)"
_check "bob's line: his forged RSS timeline past the node's memory, no concurrent peak" \
    test -z "$(line "$bob" concurrent_peak_bytes)"
_check "the static task's line: the concurrent peak of its records' timelines, 110 MiB, not their 200 of VmHWM" \
    test "$(line "$alice" concurrent_peak_bytes 3)/$(line "$alice" vmhwm_sum_bytes 3)" = \
    "$((110 << 20))/$((200 << 20))"
_check "alice's one-process steps: no concurrent peak" \
    test -z "$(line "$alice" concurrent_peak_bytes 1)$(line "$alice" concurrent_peak_bytes 2)"
conc=$(line "$alice" concurrent_peak_bytes 4)
vm=$(line "$alice" vmhwm_sum_bytes 4)
_ok "$(test "${conc:-0}" -gt 50000000 -a "${conc:-0}" -le "${vm:-0}"; echo $?)" \
    "the two tasks' line: the concurrent peak of the library's timelines, over one task's 50 MB, at most their VmHWM sum (${conc:-empty} <= ${vm:-empty})"

# --- what the site sees -------------------------------------------------------------

"$site_bin" --format=json "$site" > "$top/site.json" 2> "$top/site.err"
_ok "$(test $? = 1; echo $?)" "heapline-site: exit 1, something skipped"
_check "heapline-site: the symlinks skipped, one line each, and nothing else" \
    test "$(sort "$top/site.err")" = "heapline-site: $site/n2-$day.csv: a symbolic link, skipped
heapline-site: $site/n2-$next.csv: a symbolic link, skipped"
verdict=$("$py" - "$top/site.json" "$f" "$alice" "$bob" << 'PY'
import csv, json, sys
r = json.load(open(sys.argv[1]))
rows = list(csv.reader(l for l in open(sys.argv[2]) if not l.startswith("#")))
h = rows[0]
want = 0.0
for x in rows[1:]:
    if x[h.index("user")] == sys.argv[3]:
        req, peak = int(x[h.index("request_bytes")]), int(x[h.index("cgroup_peak_bytes")])
        want += (req - peak) * float(x[h.index("elapsed")]) / 2**30 / 3600
u = r["users"]
print(u[0]["user"] == sys.argv[3], u[0]["efficiency_pct"] <= 50,
      abs(u[0]["wasted_gib_hours"] - want) < 1e-5,
      [x["oom_killed_steps"] for x in u if x["user"] == sys.argv[4]] == [1],
      r["total"]["steps"] == 5)
PY
)
_check "heapline-site: alice first, efficiency at most 50%, her wasted GiB-hours as her lines say; bob's OOM kill; five steps ($verdict)" \
    test "$verdict" = "True True True True True"
"$site_bin" "$site" > "$top/site.txt" 2> /dev/null
_check "heapline-site's text names alice first" \
    grep -Eq "^ $alice +4 \(4\) " "$top/site.txt"
[ $failed -eq 0 ] || { _show; _diag < "$top/site.txt"; }

echo "1..$n"
[ $failed -eq 0 ]

#!/bin/bash
# The step's end on a real two-node cluster (tests/slurm/cluster.sh), plain
# mode: srun asks slurmdbd for the step's MaxRSS itself (sacct_wait=), says
# so in one line when it cannot have it, prints the report at once with
# sacct_wait=0, and is held no longer than sacct_wait= by a slurmdbd that
# does not answer, nor at all by one that is down. TAP. Skips without
# root, Slurm's packages, or a built plugin.
#
# No time is asserted: what srun waited for is told by what it says and by
# the sacct commands run (a sacct first on PATH logs each run, then runs
# Slurm's): given sacct's silence, or slurmdbd down, the report asks sacct
# no more; slurmdbd down is said to be unreachable, not to have been silent
# until sacct_wait=; a job that sacct does not know is said to be unknown
# after two queries, not after polling until the deadline.
set -u

cluster_mode=
. "${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}/spank-lib.sh"

_flat() { tr '\n' ' ' < "$1"; } # FILE: its lines joined, for wrapped text
# sacct as the report finds it on PATH: logs its arguments, runs Slurm's.
sacct_log=$top/sacct.log
mkdir -p "$top/bin"
printf '#!/bin/sh\necho "sacct $*" >> %s\nexec %s "$@"\n' "$sacct_log" \
    "$(command -v sacct)" > "$top/bin/sacct"
chmod 755 "$top/bin/sacct"
_logged_sacct() { PATH=$top/bin:$PATH "$@"; } # COMMAND...: with that sacct

# --- sacct's MaxRSS, asked of slurmdbd in srun ---------------------------------

d=$(_fresh default)
(cd "$d" && srun --heapline -N2 -n2 "$py" "$touch_py" 150 2 > "$d/out" \
    2> "$d/err")
_ok $? "default: srun --heapline -N2 -n2 succeeds"
sd=$(_stepdir "$d" 0)
job=${sd##*/heapline-}
maxrss=$("$cluster_sh" wait-sacct "$cdir" "$job" 2> /dev/null | cut -d'|' -f3)
want=$(_size "$(_sacct_bytes "${maxrss:-0}")")
_ok "$(_flat "$d/err" | grep -q "Slurm: sacct MaxRSS of step $job is $want"
    echo $?)" "default: the report gives sacct's MaxRSS of the step ($want)"
# "error:", as srun and Slurm write it: the tables of sites have a column
# "± error".
_check "default: no error line on srun's stderr" \
    test -z "$(grep 'error:' "$d/err")"
[ $failed -eq 0 ] || _diag < "$d/err"

# --- sacct_wait=0: the report at once, and how to compare later ----------------

"$cluster_sh" plugstack "$cdir" "$plugstack sacct_wait=0"
d=$(_fresh no-wait)
(cd "$d" && srun --heapline -N2 -n2 "$py" "$touch_py" 150 2 > "$d/out" \
    2> "$d/err")
_ok $? "sacct_wait=0: srun succeeds"
sd=$(_stepdir "$d" 0)
job=${sd##*/heapline-}
_ok "$(_flat "$d/err" | grep -q "Slurm: sacct's MaxRSS was not awaited at the step's end; to compare it with the figures above, run later: heapline-report $sd"
    echo $?)" "sacct_wait=0: one line gives the command that compares later"
"$cluster_sh" wait-sacct "$cdir" "$job" > /dev/null 2>&1
"$report" "$sd" > "$d/later" 2> "$d/later.err"
_ok "$(_flat "$d/later" | grep -q "Slurm: sacct MaxRSS of step $job is"
    echo $?)" "sacct_wait=0: that command, run later, gives sacct's MaxRSS"
[ $failed -eq 0 ] || cat "$d/err" "$d/later" | _diag

# --- slurmdbd paused: it accepts connections and never answers -----------------

"$cluster_sh" plugstack "$cdir" "$plugstack sacct_wait=2"
"$cluster_sh" slurmdbd "$cdir" pause
d=$(_fresh dbd-paused)
: > "$sacct_log"
(cd "$d" && _logged_sacct srun --heapline -N2 -n2 true > "$d/out" 2> "$d/err")
rc=$?
"$cluster_sh" slurmdbd "$cdir" resume
_ok $rc "slurmdbd paused: srun succeeds"
_ok "$(_flat "$d/err" | grep -q 'Slurm: sacct did not answer within 2 s: no MaxRSS'
    echo $?)" "slurmdbd paused: the report says sacct did not answer within sacct_wait=2"
_ok "$(test ! -s "$sacct_log"; echo $?)" \
    "slurmdbd paused: told so, the report asked sacct nothing more (before: 10 s more per query)"
[ $failed -eq 0 ] || _diag < "$d/err"

# --- slurmdbd down: connections refused ----------------------------------------

"$cluster_sh" plugstack "$cdir" "$plugstack"
"$cluster_sh" slurmdbd "$cdir" stop
d=$(_fresh dbd-down)
: > "$sacct_log"
(cd "$d" && _logged_sacct srun --heapline -N2 -n2 true > "$d/out" 2> "$d/err")
rc=$?
_ok $rc "slurmdbd down: srun succeeds"
_ok "$(_flat "$d/err" | grep -q 'Slurm: sacct could not be asked (slurmdbd unreachable)'
    echo $?)" "slurmdbd down: the report says slurmdbd could not be reached, not silent until sacct_wait=3600"
_ok "$(test ! -s "$sacct_log"; echo $?)" \
    "slurmdbd down: and the report asked sacct nothing more"
_check "slurmdbd down: no line of libslurm's own on srun's stderr" \
    test -z "$(grep -e 'PersistInit' -e 'DBD_GET' -e 'persistent connection' \
        "$d/err")"
[ $failed -eq 0 ] || _diag < "$d/err"
"$cluster_sh" slurmdbd "$cdir" start 2> "$top/dbd.err" ||
    _diag < "$top/dbd.err"

# --- a job sacct does not know: one line, at once ------------------------------

"$cluster_sh" plugstack "$cdir" "$plugstack"
d=$(_fresh unknown-job)
# A record of a step this cluster never ran (--job selects records, so the
# record itself is of job 999999).
SLURM_JOB_ID=999999 SLURM_STEP_ID=0 SLURM_PROCID=0 HEAPLINE_QUIET=1 \
    HEAPLINE_OUTPUT="$d/rank0.csv" LD_PRELOAD="$lib" /bin/true
# The most --slurm-timeout takes: had the report polled until it, an hour.
: > "$sacct_log"
_logged_sacct "$report" --slurm-timeout 3600 --job 999999.0 "$d/rank0.csv" \
    > "$d/out" 2> "$d/err"
_ok "$(_flat "$d/out" | grep -q "Slurm: sacct has no record of step 999999.0"
    echo $?)" "unknown job: the report says sacct has no record of it"
_ok "$(test "$(grep -c '^sacct ' "$sacct_log")" = 2; echo $?)" \
    "unknown job: said at once, after two queries (the step, then the job), not polled until --slurm-timeout"
[ $failed -eq 0 ] || cat "$d/out" "$d/err" | _diag

echo "1..$n"
[ $failed -eq 0 ]

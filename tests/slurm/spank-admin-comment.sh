#!/bin/bash
# heapline-admin-comment as the cluster's EpilogSlurmctld (cgroup v1 mode,
# default=on, site=DIR): a batch job's srun step leaves its site line,
# and when the job ends `sacct -o AdminComment` shows heapline's entry
# (its step, node, request, peak) after the text another tool put there
# while the job ran, which stays byte for byte; run again by hand, the
# helper replaces its entry and doubles nothing; a job whose comment
# already fills the field (65,500 bytes) keeps it whole, the helper
# saying why; a job with no heapline line gets no entry. Run on a Slurm
# release by a test named after it and the cgroup version:
# spank-admin-comment-22.05-v1.sh (Debian's Slurm, the build's helper),
# spank-admin-comment-26.05-v1.sh (install-slurm.sh's, its slurmdbd, and
# the helper linked with its libslurm by plugin-for-release.sh, through
# with-plugin-26.05.sh). TAP. Skips without root, the release, a cgroup
# v1 memory controller, or a built plugin and helper.
set -u

release=${1:-22.05}
here=${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}
build=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
case $release in
22.05) helper=$build/report/heapline-admin-comment ;;
*)
    slurm_prefix=$("$here/install-slurm.sh" 2> /dev/null) || {
        echo "1..0 # SKIP no Slurm $release (install-slurm.sh)"
        exit 0
    }
    helper=$build/tests/slurm/heapline-$(basename "$slurm_prefix")/heapline-admin-comment
    ;;
esac
helper=${HEAPLINE_TEST_ADMIN_COMMENT:-$helper}
if [ ! -x "$helper" ]; then
    echo "1..0 # SKIP $helper not built (no libslurm?)"
    exit 0
fi
# The cluster's EpilogSlurmctld, written once the cluster's folders are known.
epilog=$(mktemp /tmp/heapline-epilog-XXXXXX) || exit 99
chmod 755 "$epilog"
trap 'rm -f "$epilog"' EXIT
cluster_mode="--cgroup=v1 --epilog-slurmctld=$epilog"
. "$here/spank-lib.sh"
trap '_stop; rm -f "$epilog"' EXIT

site=$top/site
install -d -m 0755 "$site"
"$cluster_sh" plugstack "$cdir" "$plugstack default=on site=$site"
cat > "$epilog" << EOF
#!/bin/sh
export SLURM_CONF='$SLURM_CONF'
'$helper' --site='$site' 2>> '$top/epilog.err'
echo "\$SLURM_JOB_ID \$?" >> '$top/epilog.done'
EOF
other='JS1:other tool, "quoted" =x= {a}   three spaces'

# The waits below take as long as the machine makes them. The helper
# stores the comment in slurmdbd and commits before it ends: once the
# epilog has said it ended, sacct shows what it stored.
_comment() { sacct -j "$1" -X -n -P -o AdminComment 2> /dev/null; }
_wait_end() { # JOB: for the job to leave the queue, and its end to be in
    # slurmdbd, which then has whatever slurmctld sent before it (an
    # AdminComment set while it ran): slurmctld's messages to it keep
    # their order
    until [ -z "$(squeue -h -j "$1" 2> /dev/null)" ]; do sleep 0.5; done
    until sacct -j "$1" -X -n -P -o State 2> /dev/null |
        grep -Eqv '^$|RUNNING|PENDING|REQUEUED'; do
        sleep 0.5
    done
}
_submit() { # NAME MEM COMMAND: a batch job that waits for _go NAME first
    (cd "$d" && sbatch --parsable -w n1 -N1 -n1 --mem="$2" -o "$d/$1.out" \
        --wrap "while [ ! -e '$d/$1.go' ]; do sleep 0.2; done; $3")
}
_go() { : > "$d/$1.go"; }
_epilog_status() { # JOB: the epilog's end, then its status
    until grep -q "^$1 " "$top/epilog.done" 2> /dev/null; do sleep 0.5; done
    sed -n "s/^$1 //p" "$top/epilog.done"
}
_field() { # ENTRY KEY: the figure of KEY in heapline's entry
    "$py" -c 'import json, sys
e = sys.argv[1]
i = e.find("heapline:{")
print(json.loads(e[i + 9:e.index("}", i) + 1])[sys.argv[2]])' "$1" "$2"
}

_check "the cluster runs Slurm $release ($(sinfo -V))" \
    test "$(sinfo -V | cut -d' ' -f2 | cut -d. -f1-2)" = "$release"

# --- a job, another tool's text, the entry ----------------------------------

d=$(_fresh job)
job=$(_submit job 200M "srun $py $touch_py 50 1")
scontrol update JobId="$job" AdminComment="$other"
_ok $? "another tool puts its text in the running job's AdminComment"
_go job
_wait_end "$job"
_check "the helper ran as EpilogSlurmctld, exit 0" test "$(_epilog_status "$job")" = 0
_check "the job's AdminComment holds heapline's entry" \
    grep -q 'heapline:{' <<< "$(_comment "$job")"
c=$(_comment "$job")
_check "another tool's text is kept byte for byte, the entry after one space" \
    test "${c%% heapline:\{*}" = "$other"
entry=heapline:${c#* heapline:}
_check "heapline's entry is one word, the last" test "${entry% *}" = "$entry"
_check "one step on one node, no OOM kill" test \
    "$(_field "$entry" steps) $(_field "$entry" nodes) $(_field "$entry" oom_killed_steps)" = "1 1 0"
_check "its request: --mem=200M" test "$(_field "$entry" request_bytes)" = 209715200
peak=$(_field "$entry" peak_bytes)
_ok "$(test "${peak:-0}" -gt 50000000 -a "${peak:-0}" -lt 200000000; echo $?)" \
    "its peak: the task's 50 MB and the interpreter ($peak)"
_ok "$(test ! -s "$top/epilog.err"; echo $?)" "the helper said nothing"

"$helper" --site="$site" "$job" 2>> "$top/epilog.err"
_ok $? "run again by hand: exit 0"
_check "run again: the other text kept, heapline's entry replaced, not doubled" \
    test "$(_comment "$job")" = "$c"

# --- a field already full ------------------------------------------------------

big=$("$py" -c 'print("X" * 65500)')
job2=$(_submit job2 100M "srun true")
scontrol update JobId="$job2" AdminComment="$big"
_ok $? "another tool fills the running job's AdminComment (65,500 bytes)"
_go job2
_wait_end "$job2"
_check "a full field: the helper exits 1" test "$(_epilog_status "$job2")" = 1
_check "a full field: the helper says it is left as it was" \
    grep -q "job $job2: AdminComment left as it was: with heapline's entry it would pass 65535 bytes" \
    "$top/epilog.err"
c2=$(_comment "$job2")
_ok "$(test "$c2" = "$big"; echo $?)" \
    "a full field: kept whole, nothing added, nothing cut (${#c2} bytes)"

# --- a job heapline did not measure ----------------------------------------------

job3=$(_submit job3 100M "srun --no-heapline true")
scontrol update JobId="$job3" AdminComment="$other"
_go job3
_wait_end "$job3"
_check "a job with no heapline line: the helper exits 0" \
    test "$(_epilog_status "$job3")" = 0
_check "a job with no heapline line: its comment untouched" \
    test "$(_comment "$job3")" = "$other"

[ $failed -eq 0 ] || {
    cat "$top/epilog.err" "$top/epilog.done" "$site"/*.csv
    sacct -j "$job,$job3" -X -P -o JobID,State,AdminComment
    grep -i epilog "$cdir/log/slurmctld.log" | tail -5
} 2>&1 | cut -c1-300 | _diag

echo "1..$n"
[ $failed -eq 0 ]

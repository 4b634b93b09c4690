#!/bin/bash
# Proves that cluster.sh gives the plugin's tests the cluster they assume,
# for one Slurm release and one cgroup version:
#
#   cluster-selftest.sh [RELEASE [CGROUP]]
#
# RELEASE 22.05 (the default) is Debian's Slurm, 26.05 the one that
# install-slurm.sh installs (--slurm=PREFIX); CGROUP v1 (the default) or
# v2, the cgroup version of the cgroup half, which must be the machine's
# (the cluster-selftest-RELEASE-CGROUP.sh tests run this, for v2 inside the
# guest). With v1: plain mode (two nodes with their own host names, sacct
# MaxRSS of a step, Open MPI under --mpi=pmix and MPICH under --mpi=pmi2
# across both nodes, jobs of a non-root user, a clean stop), then cgroup
# mode (the step's memory cgroup, the kernel's OOM kill, Open MPI). With
# v2, cgroup mode only, and what cgroup v2 adds: the step's cgroup where
# 26.05 makes it, its memory.peak against an outside sampler of
# memory.current, and an OOM kill counted in memory.events, told apart
# from a kill -9. TAP. Skips where cluster.sh skips (not root, packages
# missing, not that cgroup version) or install-slurm.sh does.
set -u

here=${srcdir:-$(dirname "$0")}
cluster_sh=$here/cluster.sh
python=${PYTHON3:-/usr/bin/python3}
user=heapline-selftest
release=${1:-22.05}
cgv=${2:-v1}
n=0

_ok() { # STATUS DESCRIPTION: status 0 passes
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

_check() { # DESCRIPTION CMD...: also returns CMD's status
    local what=$1 rc
    shift
    "$@"
    rc=$?
    _ok $rc "$what"
    return $rc
}

_skip() { # COUNT REASON
    local i
    for ((i = 0; i < $1; i++)); do
        n=$((n + 1))
        echo "ok $n # SKIP $2"
    done
}

_diag() { sed 's/^/# /'; }

work=$(mktemp -d "${TMPDIR:-/tmp}/heapline-selftest-XXXXXX") || exit 99
chmod 0755 "$work" # the non-root user's jobs must reach the cluster's files
_cleanup() {
    "$cluster_sh" stop "$work/plain" 2> /dev/null
    "$cluster_sh" stop "$work/cgroup" 2> /dev/null
    rm -rf "$work"
}
trap _cleanup EXIT
trap 'exit 1' HUP INT TERM

case $release in
22.05) slurm= ;;
26.05)
    prefix=$("$here/install-slurm.sh" 2> "$work/install.err")
    case $? in
    0) slurm=--slurm=$prefix ;;
    77)
        echo "1..0 # SKIP $(tail -n 1 "$work/install.err")"
        exit 0
        ;;
    *)
        echo "Bail out! install-slurm.sh failed"
        _diag < "$work/install.err"
        exit 1
        ;;
    esac
    ;;
*)
    echo "usage: cluster-selftest.sh [22.05|26.05 [v1|v2]]" >&2
    exit 2
    ;;
esac
case $cgv in v1 | v2) ;; *)
    echo "usage: cluster-selftest.sh [22.05|26.05 [v1|v2]]" >&2
    exit 2
    ;;
esac

_start() { # DIR [OPTION...]: 0 up, 77 skip, else failed (log on stdout as TAP diag)
    # shellcheck disable=SC2086 # none or one word
    "$cluster_sh" start "$@" $slurm 2> "$work/start.err"
    local rc=$?
    [ $rc = 0 ] || _diag < "$work/start.err"
    return $rc
}

# Every process the cluster in DIR started carries its mark in its
# environment (cluster.sh): a pid file left behind may name a pid that
# another process has since been given (pids wrap in a minute of CI).
_alive_daemons() { # DIR: pids of its daemons still running (zombies aside)
    local p state
    for p in /proc/[0-9]*; do
        grep -qzxF "HEAPLINE_CLUSTER_DAEMON=$1" "$p/environ" 2> /dev/null ||
            continue
        state=$(awk '{print $3}' "$p/stat" 2> /dev/null) || continue
        [ "$state" = Z ] || echo "${p#/proc/}"
    done
}

_kib() { # sacct size (159856K, 1.5G...) to KiB
    awk -v s="$1" 'BEGIN {
        m = 1; u = substr(s, length(s))
        if (u == "K") m = 1; else if (u == "M") m = 1024
        else if (u == "G") m = 1048576; else if (u == "T") m = 1073741824
        else u = ""
        if (u != "") s = substr(s, 1, length(s) - 1); else m = 1 / 1024
        printf "%d\n", s * m }'
}

_build_mpi() { # CC OUT: compile the MPI hello, false without that MPI
    command -v "$1" > /dev/null 2>&1 &&
        "$1" -o "$work/$2" "$work/hello.c" 2> "$work/$2.err"
}

cat > "$work/hello.c" << 'EOF'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* Each rank prints its rank, the world size, the sum of all ranks (so the
 * ranks did talk, across nodes and within one) and its node. */
int main(int argc, char **argv)
{
    int rank, size, sum;
    const char *node = getenv("SLURMD_NODENAME");

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("%d %d %d %s\n", rank, size, sum, node ? node : "?");
    MPI_Finalize();
    return 0;
}
EOF

# srun says on stderr when a job waits for the previous one to complete.
_quiet_err() { # FILE: nothing in it but those lines
    ! grep -Ev '^srun: job [0-9]+ (queued and waiting for resources|has been allocated resources)$' "$1"
}

_mpi_ok() { # PROGRAM: four ranks 0-3 of 4, sum 6, on n1 and n2, no warning
    [ "$(sort "$work/$1.out" | tr '\n' ' ')" = "0 4 6 n1 1 4 6 n1 2 4 6 n2 3 4 6 n2 " ] &&
        _quiet_err "$work/$1.err"
}

_mpi_test() { # CC PROGRAM MPI-PLUGIN NAME
    if _build_mpi "$1" "$2"; then
        (cd "$work" && srun --mpi="$3" -N2 -n4 "./$2") \
            > "$work/$2.out" 2> "$work/$2.err"
        _check "$4 under srun --mpi=$3 -N2 -n4: ranks 0-3, Allreduce, both nodes" \
            _mpi_ok "$2" || cat "$work/$2.out" "$work/$2.err" | _diag
    else
        _skip 1 "$1 not installed"
    fi
}

_sacct_kib() { # JOB.STEP: prints MaxRSS in KiB and node, from the end record
    local line
    line=$("$cluster_sh" wait-sacct "$dir" "$1") || return 1
    echo "# sacct: $line" >&2
    echo "$(_kib "$(echo "$line" | cut -d'|' -f3)") $(echo "$line" | cut -d'|' -f4)"
}

# One task printing its job id, then touching MB megabytes and holding them
# for SECONDS, after asking slurmstepd for the step's figures (sstat), which
# samples them then: MaxRSS holds the MB however late the 1 s sampling runs.
_hog() { # MB SECONDS srun-ARGS...
    local mb=$1 s=$2
    shift 2
    srun "$@" "$python" -c "import os, subprocess, time
print(os.environ['SLURM_JOB_ID'], flush=True)
b = b'x' * ($mb << 20)
subprocess.run(['sstat', '-n', '-o', 'MaxRSS', '-j',
    os.environ['SLURM_JOB_ID'] + '.' + os.environ['SLURM_STEP_ID']],
    stdout=subprocess.DEVNULL)
time.sleep($s)"
}

# The cgroups cluster.sh made for the nodes of DIR (a --slurm cluster's).
_node_cgroups() { # DIR
    cat "$1"/run/cgroups-* 2> /dev/null | cut -d' ' -f2
}

_no_dirs() { # PATH...: none of them is there
    local d
    for d in "$@"; do [ ! -e "$d" ] || return 1; done
}

_plain_mode() { # START-STATUS: 8 tests
    _ok "$1" "plain mode: start brings up two idle nodes"
    if [ "$1" != 0 ]; then
        _skip 7 "plain cluster did not start"
        return
    fi
    eval "$("$cluster_sh" env "$dir")"

    # shellcheck disable=SC2016 # expanded in the task
    srun -N2 -n4 sh -c 'echo "$SLURMD_NODENAME $SLURM_PROCID"' > "$work/nodes.out" 2> "$work/nodes.err"
    _check "srun -N2 -n4: tasks 0,1 on n1 and 2,3 on n2 (SLURMD_NODENAME)" \
        test "$(sort "$work/nodes.out" | tr '\n' ' ')" = "n1 0 n1 1 n2 2 n2 3 "

    if unshare --uts true 2> /dev/null; then
        srun -N2 -n2 hostname > "$work/hostname.out" 2> "$work/hostname.err"
        _check "srun -N2 -n2 hostname: each node has its own host name (UTS namespace)" \
            test "$(sort "$work/hostname.out" | tr '\n' ' ')" = "n1 n2 "
    else
        _skip 1 "unshare --uts refused here: nodes share the host name"
    fi

    job=$(_hog 150 2 -N1 -n1 2> "$work/hold.err")
    read -r kib node < <(_sacct_kib "$job.0")
    _check "sacct: MaxRSS of a step holding 150 MB for 2 s is over 100 MiB (${kib:-none} KiB on ${node:-?})" \
        test "${kib:-0}" -gt 102400 -a -n "$node"

    _mpi_test mpicc.openmpi hello-ompi pmix "Open MPI"
    _mpi_test mpicc.mpich hello-mpich pmi2 "MPICH"

    if "$cluster_sh" add-user "$dir" "$user" 2> "$work/user.err"; then
        # shellcheck disable=SC2016 # expanded in the task
        runuser -u "$user" -- srun -N2 -n2 sh -c 'echo "$(id -un) $SLURMD_NODENAME"' \
            > "$work/user.out" 2> "$work/user-srun.err"
        _check "a job of non-root user $user runs as that user on both nodes" \
            test "$(sort "$work/user.out" | tr '\n' ' ')" = "$user n1 $user n2 "
    else
        _diag < "$work/user.err"
        _ok 1 "add-user $user"
    fi
    unset SLURM_CONF

    running=$(_alive_daemons "$dir")
    "$cluster_sh" stop "$dir"
    _check "plain mode: stop leaves none of the cluster's daemons running (of $(echo $running | wc -w) found before)" \
        test -n "$running" -a -z "$(_alive_daemons "$dir")"
}

# cgroup v1: the step's memory cgroup, where Debian's multiple-slurmd build
# puts it (slurm_<node>) or where one slurmd per host has it (26.05).
_v1_tests() { # 2 tests
    local top=slurm
    # shellcheck disable=SC2016 # expanded in the task
    [ "$release" = 22.05 ] && top='slurm_$SLURMD_NODENAME'
    # shellcheck disable=SC2016 # expanded in the task
    srun -N2 -n2 sh -c "d=/sys/fs/cgroup/memory/$top"'/uid_$(id -u)/job_$SLURM_JOB_ID/step_$SLURM_STEP_ID
        test -d "$d" && echo "$SLURMD_NODENAME yes $(stat -c %i "$d")"' > "$work/cg.out" 2> "$work/cg.err"
    _check "cgroup v1: memory/$top/uid_0/job_<id>/step_<id> exists during a step, on n1 and n2, a cgroup each" \
        test "$(cut -d' ' -f1,2 "$work/cg.out" | sort | tr '\n' ' ')" = "n1 yes n2 yes " \
        -a "$(cut -d' ' -f3 "$work/cg.out" | sort -u | wc -l)" = 2

    job=$(_hog 300 0 --mem=100M 2> "$work/oom.err")
    state=$("$cluster_sh" wait-sacct "$dir" "$job.0" | cut -d'|' -f2)
    _check "cgroup v1: a task over --mem=100M is OOM-killed (sacct: ${state:-none})" \
        test "$state" = OUT_OF_MEMORY
}

# The step's memory.peak, read by its task at its end, against an outside
# sampler of the step's memory.current on n1 (cluster.sh on: the node's view
# of /sys/fs/cgroup, outside its cgroups): the task holds 150 MB for 2 s.
_v2_peak() { # 1 test
    local peak max
    rm -f "$work/step-cg" "$work/sampled"
    "$cluster_sh" on "$dir" n1 "$python" -c "
import os, sys, time
path = sys.argv[1]
while not os.path.exists(path):
    time.sleep(0.01)
cg = open(path).read().strip()
high = 0
while True:
    try:
        with open(cg + '/memory.current') as f:
            high = max(high, int(f.read()))
    except OSError:
        break
    time.sleep(0.01)
print(high)" "$work/step-cg" > "$work/sampled" 2> "$work/sampler.err" &
    local sampler=$!
    srun -N1 -n1 -w n1 "$python" -c "
import sys, time
cg = '/sys/fs/cgroup' + open('/proc/self/cgroup').read().split(':', 2)[2].strip()
step = cg.rsplit('/user/', 1)[0]
with open(sys.argv[1] + '.tmp', 'w') as f:
    f.write(step)
import os
os.rename(sys.argv[1] + '.tmp', sys.argv[1])
time.sleep(1)
b = b'x' * (150 << 20)
time.sleep(2)
del b
print(open(step + '/memory.peak').read().strip())" "$work/step-cg" \
        > "$work/peak.out" 2> "$work/peak.err"
    wait $sampler
    read -r peak < "$work/peak.out"
    read -r max < "$work/sampled"
    _check "cgroup v2: the step's memory.peak ($((${peak:-0} >> 10)) KiB) is at least the most an outside sampler of memory.current saw ($((${max:-0} >> 10)) KiB), over 100 MiB" \
        test "${peak:-0}" -ge "${max:-1}" -a "${max:-0}" -gt $((100 << 20))
    if [ -z "$peak" ] || [ -z "$max" ]; then
        cat "$work/peak.err" "$work/sampler.err" | _diag
    fi
}

# cgroup v2: where 26.05 puts a step (its job's cgroup named by its SLUID,
# not job_<id>), its memory.peak, and the OOM killer's count in the task's
# memory.events: a child killed by it and one killed by kill -9 both end
# by SIGKILL (status 137); only oom_kill tells them apart.
_v2_tests() { # 5 tests
    srun -N2 -n2 hostname > "$work/hostname.out" 2> "$work/hostname.err"
    _check "srun -N2 -n2 hostname: n1 and n2" \
        test "$(sort "$work/hostname.out" | tr '\n' ' ')" = "n1 n2 "

    # shellcheck disable=SC2016 # expanded in the task
    srun -N2 -n2 sh -c 'p=$(cut -d: -f3 /proc/self/cgroup)
        test -d "/sys/fs/cgroup$p" && echo "$SLURMD_NODENAME $p $(stat -c %i "/sys/fs/cgroup$p/../..")"' \
        > "$work/cg.out" 2> "$work/cg.err"
    _diag < "$work/cg.out"
    _check "cgroup v2: a task's cgroup is system.slice/slurmstepd.scope/<job SLUID>/step_0/user/task_<id>, on n1 and n2, a step cgroup each" \
        test "$(sed -E 's#^(n[12]) /system\.slice/slurmstepd\.scope/s[0-9A-Z]+/step_0/user/task_[01] [0-9]+$#\1 ok#' \
            "$work/cg.out" | sort | tr '\n' ' ')" = "n1 ok n2 ok " \
        -a "$(cut -d' ' -f3 "$work/cg.out" | sort -u | wc -l)" = 2

    _v2_peak

    job=$(_hog 300 0 --mem=100M 2> "$work/oom.err")
    state=$("$cluster_sh" wait-sacct "$dir" "$job.0" | cut -d'|' -f2)
    _check "cgroup v2: a task over --mem=100M is OOM-killed (sacct: ${state:-none})" \
        test "$state" = OUT_OF_MEMORY

    # The task's shell (root here) makes itself the one process of the
    # step's cgroup that the OOM killer never takes, and its child the
    # first it takes: in a CI run, the shell was killed instead (its last
    # line missing). Under this guest's emulation the reaper can give up
    # on the child's memory before it is freed, and the next OOM of the
    # step's cgroup (slurmstepd's own allocations count there too) then
    # chooses among the others.
    # shellcheck disable=SC2016 # expanded in the task
    srun -N1 -n1 --mem=100M sh -c 't=/sys/fs/cgroup$(cut -d: -f3 /proc/self/cgroup)
        echo -1000 > /proc/self/oom_score_adj || echo "oom_score_adj refused"
        "$0" -c "import time; time.sleep(60)" & kill -9 $!; wait $!
        echo "kill -9: $? $(grep oom_kill "$t/memory.events")"
        "$0" -c "open(\"/proc/self/oom_score_adj\", \"w\").write(\"1000\")
b = b\"x\" * (300 << 20)"
        echo "over --mem: $? $(grep oom_kill "$t/memory.events")"' "$python" \
        > "$work/events.out" 2> "$work/events.err"
    _diag < "$work/events.out"
    _check "cgroup v2: memory.events of the task counts the OOM kill (oom_kill 1), not the kill -9 (oom_kill 0), both status 137" \
        test "$(tr '\n' ' ' < "$work/events.out")" = "kill -9: 137 oom_kill 0 over --mem: 137 oom_kill 1 "
    if [ "$(wc -l < "$work/events.out")" != 2 ]; then
        _diag < "$work/events.err"
        dmesg | grep -i -A1 'oom\|killed process' | tail -20 | _diag
    fi
}

if [ "$cgv" = v1 ]; then
    # --- plain mode --------------------------------------------------------
    dir=$work/plain
    _start "$dir"
    rc=$?
    if [ $rc = 77 ]; then
        echo "1..0 # SKIP $(tail -n 1 "$work/start.err")"
        exit 0
    fi
    echo "1..14"
    _plain_mode $rc
fi

# --- cgroup mode ---------------------------------------------------------------
dir=$work/cgroup
_start "$dir" --cgroup="$cgv"
rc=$?
if [ $rc = 77 ]; then
    if [ "$cgv" = v1 ]; then
        _skip 6 "$(tail -n 1 "$work/start.err")"
    else
        echo "1..0 # SKIP $(tail -n 1 "$work/start.err")"
    fi
    exit 0
fi
[ "$cgv" = v2 ] && echo "1..9"
_ok $rc "cgroup $cgv mode: start brings up two idle nodes"
if [ $rc = 0 ]; then
    eval "$("$cluster_sh" env "$dir")"
    if [ "$cgv" = v1 ]; then _v1_tests; else _v2_tests; fi

    job=$(_hog 150 2 -N1 -n1 2> "$work/hold-cg.err")
    read -r kib node < <(_sacct_kib "$job.0")
    _check "cgroup $cgv mode: sacct MaxRSS of the 150 MB step is over 100 MiB (${kib:-none} KiB)" \
        test "${kib:-0}" -gt 102400

    _mpi_test mpicc.openmpi hello-ompi pmix "cgroup $cgv mode: Open MPI"
    unset SLURM_CONF

    cgroups=$(_node_cgroups "$dir")
    running=$(_alive_daemons "$dir")
    "$cluster_sh" stop "$dir"
    # shellcheck disable=SC2086 # one path per word
    _check "cgroup $cgv mode: stop leaves none of the cluster's daemons running (of $(echo $running | wc -w) found before), nor the nodes' own cgroups" \
        test -n "$running" -a -z "$(_alive_daemons "$dir")" -a -z "$(_no_dirs $cgroups || echo left)"
elif [ "$cgv" = v1 ]; then
    _skip 5 "cgroup cluster did not start"
else
    _skip 8 "cgroup cluster did not start"
fi

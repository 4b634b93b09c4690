#!/bin/bash
# Proves that cluster.sh gives the plugin's tests the cluster they assume:
# two nodes with their own host names, sacct MaxRSS of a step, Open MPI under --mpi=pmix and MPICH
# under --mpi=pmi2 across both nodes, jobs of a non-root user, a clean stop;
# then in --cgroup mode the step's memory cgroup and the kernel's OOM kill.
# TAP. Skips where cluster.sh skips (not root, packages missing).
set -u

here=${srcdir:-$(dirname "$0")}
cluster_sh=$here/cluster.sh
python=${PYTHON3:-/usr/bin/python3}
user=heapline-selftest
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

_start() { # DIR [--cgroup]: 0 up, 77 skip, else failed (log on stdout as TAP diag)
    "$cluster_sh" start "$@" 2> "$work/start.err"
    local rc=$?
    [ $rc = 0 ] || _diag < "$work/start.err"
    return $rc
}

_alive_daemons() { # DIR: pids from its pid files still running (zombies aside)
    local f pid state
    for f in "$1"/run/*.pid; do
        [ -s "$f" ] || continue
        read -r pid < "$f"
        state=$(awk '{print $3}' "/proc/$pid/stat" 2> /dev/null) || continue
        [ "$state" = Z ] || echo "$pid"
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
        # --time: a hung MPI step (as when both nodes' segments collided)
        # ends in minutes instead of never; it is no timing assertion.
        (cd "$work" && srun --time=3 --mpi="$3" -N2 -n4 "./$2") \
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
# for SECONDS.
_hog() { # MB SECONDS srun-ARGS...
    local mb=$1 s=$2
    shift 2
    srun "$@" "$python" -c "import os, time
print(os.environ['SLURM_JOB_ID'], flush=True)
b = b'x' * ($mb << 20)
time.sleep($s)"
}

# --- plain mode -----------------------------------------------------------------
dir=$work/plain
_start "$dir"
rc=$?
if [ $rc = 77 ]; then
    echo "1..0 # SKIP $(tail -n 1 "$work/start.err")"
    exit 0
fi
echo "1..14"
_ok $rc "plain mode: start brings up two idle nodes"
if [ $rc = 0 ]; then
    eval "$("$cluster_sh" env "$dir")"

    # shellcheck disable=SC2016 # expanded in the task
    srun -N2 -n4 sh -c 'echo "$SLURMD_NODENAME $SLURM_PROCID"' > "$work/nodes.out" 2> "$work/nodes.err"
    _check "srun -N2 -n4: tasks 0,1 on n1 and 2,3 on n2 (SLURMD_NODENAME)" \
        test "$(sort "$work/nodes.out" | tr '\n' ' ')" = "n1 0 n1 1 n2 2 n2 3 "

    if unshare --uts true 2> /dev/null; then
        srun -N2 -n2 hostname > "$work/hostname.out" 2> "$work/hostname.err"
        _check "each node has its own host name (UTS namespace)" \
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

    "$cluster_sh" stop "$dir"
    _check "plain mode: stop leaves none of the cluster's daemons running" \
        test -z "$(_alive_daemons "$dir")"
else
    _skip 7 "plain cluster did not start"
fi

# --- cgroup mode ------------------------------------------------------------------
dir=$work/cgroup
_start "$dir" --cgroup
rc=$?
if [ $rc = 77 ]; then
    _skip 6 "$(tail -n 1 "$work/start.err")"
    exit 0
fi
_ok $rc "cgroup mode: start brings up two idle nodes"
if [ $rc = 0 ]; then
    eval "$("$cluster_sh" env "$dir")"

    # shellcheck disable=SC2016 # expanded in the task
    srun -N2 -n2 sh -c 'd=/sys/fs/cgroup/memory/slurm_$SLURMD_NODENAME/uid_$(id -u)/job_$SLURM_JOB_ID/step_$SLURM_STEP_ID
        test -d "$d" && echo "$SLURMD_NODENAME yes"' > "$work/cg.out" 2> "$work/cg.err"
    _check "cgroup mode: memory/slurm_<node>/uid_0/job_<id>/step_<id> exists during a step, on n1 and n2" \
        test "$(sort "$work/cg.out" | tr '\n' ' ')" = "n1 yes n2 yes "

    job=$(_hog 150 2 -N1 -n1 2> "$work/hold-cg.err")
    read -r kib node < <(_sacct_kib "$job.0")
    _check "cgroup mode: sacct MaxRSS of the 150 MB step is over 100 MiB (${kib:-none} KiB)" \
        test "${kib:-0}" -gt 102400

    job=$(_hog 300 0 --mem=100M 2> "$work/oom.err")
    state=$("$cluster_sh" wait-sacct "$dir" "$job.0" | cut -d'|' -f2)
    _check "cgroup mode: a task over --mem=100M is OOM-killed (sacct: ${state:-none})" \
        test "$state" = OUT_OF_MEMORY

    _mpi_test mpicc.openmpi hello-ompi pmix "cgroup mode: Open MPI"
    unset SLURM_CONF

    "$cluster_sh" stop "$dir"
    _check "cgroup mode: stop leaves none of the cluster's daemons running" \
        test -z "$(_alive_daemons "$dir")"
else
    _skip 5 "cgroup cluster did not start"
fi

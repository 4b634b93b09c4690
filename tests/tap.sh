# TAP helpers of the shell tests (tests/slurm/spank-lib.sh,
# tests/packaging/lib.sh); sourced, not run. Counts in n and failed.

n=0 failed=0
_ok() { # STATUS NAME: one TAP line, ok when STATUS is 0
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
        failed=$((failed + 1))
    fi
}
_check() { # NAME COMMAND...: ok if the command succeeds
    _check_name=$1
    shift
    "$@" > /dev/null 2>&1
    _ok $? "$_check_name"
}
_skip() { # NAME REASON
    n=$((n + 1))
    echo "ok $n - $1 # SKIP $2"
}
_diag() { sed 's/^/# /'; }

#!/bin/bash
# in-guest.sh SCRIPT ARG... [+ SCRIPT ARG...]...: test scripts of this
# folder run where the memory controller is on cgroup v2: this machine if
# it is, else the guest (guest.sh: its image is built on the first run,
# once per machine, and the guest booted once for this test, the scripts
# run in it one after the other, and stopped after them: a boot under TCG
# costs a core for most of a minute). The guest shares the source and
# build trees at their paths, so it runs the scripts (and what the host
# built) as they are here. Their TAP, numbered on, is the test's: each
# test's name begins with its script's.
set -u

here=${abs_srcdir:-$(cd "${srcdir:-$(dirname "$0")}" && pwd)}
run=$(mktemp -d "${TMPDIR:-/tmp}/heapline-guest-XXXXXX") || exit 99
trap '"$here/guest.sh" stop "$run"; rm -rf "$run"' EXIT
trap 'exit 1' HUP INT TERM

# each COMMAND... -- SCRIPT ARG... [+ ...]: runs each script with its
# arguments through COMMAND, its TAP to $run/tap.N; status: the last
# non-zero exit status of a script, else 0.
status=0
each() {
    local -a how=() cmd=()
    local n=0 word
    while [ "$1" != -- ]; do
        how+=("$1")
        shift
    done
    shift
    for word in "$@" +; do
        if [ "$word" != + ]; then
            cmd+=("$word")
            continue
        fi
        n=$((n + 1))
        "${how[@]}" "$here/${cmd[0]}" "${cmd[@]:1}" < /dev/null \
            > "$run/tap.$n" || status=$?
        echo "${cmd[0]%.sh}" > "$run/name.$n"
        cmd=()
    done
}

# The scripts' TAP as one: one plan, numbers and names run on, a script's
# own skip (1..0 # SKIP) one skipped test, a Bail out! kept.
merged() {
    local n=1 k=0 total=0 line name
    local -a lines=()
    while [ -e "$run/tap.$n" ]; do
        name=$(cat "$run/name.$n")
        while IFS= read -r line; do
            case $line in
            1..0*SKIP*)
                k=$((k + 1))
                lines+=("ok $k - $name # SKIP${line#*SKIP}")
                ;;
            1..*) ;;
            ok\ [0-9]* | not\ ok\ [0-9]*)
                k=$((k + 1))
                line=$(sed -E "s/^(not )?ok [0-9]+( - )?/\1ok $k - $name: /" \
                    <<< "$line")
                lines+=("$line")
                ;;
            *) lines+=("$line") ;;
            esac
        done < "$run/tap.$n"
        n=$((n + 1))
    done
    total=$k
    echo "1..$total"
    printf '%s\n' "${lines[@]}"
}

if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null; then
    each env -- "$@"
    merged
    exit $status
fi

top=$(cd "$here/../.." && pwd)
build=${abs_top_builddir:-$top}
shares=$top
[ "$(cd "$build" && pwd)" = "$top" ] || shares="$shares $build"
# shellcheck disable=SC2086 # one folder per word (no spaces: cluster.sh's rule)
"$here/guest.sh" start "$run" $shares 2> "$run/start.err"
case $? in
0) ;;
77)
    echo "1..0 # SKIP $(tail -n 1 "$run/start.err")"
    exit 0
    ;;
*)
    echo "Bail out! the guest did not start"
    sed 's/^/# /' "$run/start.err"
    exit 1
    ;;
esac
each "$here/guest.sh" run "$run" env srcdir="$here" abs_srcdir="$here" \
    abs_top_builddir="$build" PYTHON3=/usr/bin/python3 -- "$@"
merged
exit $status

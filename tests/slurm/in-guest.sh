#!/bin/bash
# in-guest.sh SCRIPT ARG...: a test script of this folder run where the
# memory controller is on cgroup v2: this machine if it is, else the guest
# (guest.sh: its image is built on the first run, once per machine, and
# the guest booted for this test and stopped after it). The guest shares
# the source and build trees at their paths, so it runs the scripts (and
# what the host built) as they are here. Its TAP is the test's.
set -u

here=${abs_srcdir:-$(cd "${srcdir:-$(dirname "$0")}" && pwd)}
script=$1
shift
if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null; then
    exec "$here/$script" "$@"
fi

run=$(mktemp -d "${TMPDIR:-/tmp}/heapline-guest-XXXXXX") || exit 99
trap '"$here/guest.sh" stop "$run"; rm -rf "$run"' EXIT
trap 'exit 1' HUP INT TERM

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
"$here/guest.sh" run "$run" env srcdir="$here" abs_srcdir="$here" \
    abs_top_builddir="$build" PYTHON3=/usr/bin/python3 \
    "$here/$script" "$@" < /dev/null

#!/bin/sh
# with-plugin-26.05.sh SCRIPT ARGS...: runs SCRIPT of this folder once Slurm
# 26.05 is installed (install-slurm.sh) and the plugin built for it
# (plugin-for-release.sh, into the build's tests/slurm/heapline-PREFIX's
# name); the whole test is skipped without 26.05.
here=${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}
prefix=$("$here/install-slurm.sh" 2> /dev/null) || {
    echo "1..0 # SKIP no Slurm 26.05 (install-slurm.sh)"
    exit 0
}
build=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
"$here/plugin-for-release.sh" "$prefix" \
    "$build/tests/slurm/heapline-$(basename "$prefix")" > /dev/null ||
    { echo "Bail out! plugin-for-release.sh failed"; exit 1; }
script=$1
shift
exec "$here/$script" "$@"

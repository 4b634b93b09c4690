#!/bin/sh
# The plugin's scenarios that matter to a site (spank-release.sh) on Slurm
# 26.05 (install-slurm.sh), cgroup v1, on this host, with the plugin built
# for 26.05 (plugin-for-release.sh).
here=${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}
prefix=$("$here/install-slurm.sh" 2> /dev/null) || {
    echo "1..0 # SKIP no Slurm 26.05 (install-slurm.sh)"
    exit 0
}
build=${abs_top_builddir:-$(cd "$here/../.." && pwd)}
"$here/plugin-for-release.sh" "$prefix" \
    "$build/tests/slurm/heapline-$(basename "$prefix")" > /dev/null ||
    { echo "Bail out! plugin-for-release.sh failed"; exit 1; }
exec "$here/spank-release.sh" 26.05 v1

#!/bin/sh
# The plugin's scenarios that matter to a site (spank-release.sh) on Slurm
# 26.05, cgroup v2, in the guest (in-guest.sh), with the plugin built for
# 26.05 here beforehand: the guest runs it from the shared build tree.
exec "${abs_srcdir:-$(dirname "$0")}/with-plugin-26.05.sh" \
    in-guest.sh spank-release.sh 26.05 v2

#!/bin/sh
# The plugin's scenarios that matter to a site (spank-release.sh) on Slurm
# 26.05, cgroup v1, on this host, with the plugin built for 26.05.
exec "${abs_srcdir:-$(dirname "$0")}/with-plugin-26.05.sh" \
    spank-release.sh 26.05 v1

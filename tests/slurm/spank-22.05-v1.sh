#!/bin/sh
# The plugin's scenarios that matter to a site (spank-release.sh) on
# Debian's Slurm 22.05, cgroup v1, on this host.
exec "${abs_srcdir:-$(dirname "$0")}/spank-release.sh" 22.05 v1

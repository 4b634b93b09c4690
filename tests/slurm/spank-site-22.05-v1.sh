#!/bin/sh
# The site's summary lines and heapline-site (spank-site.sh) on Debian's
# Slurm 22.05, cgroup v1, on this host.
exec "${abs_srcdir:-$(dirname "$0")}/spank-site.sh" 22.05

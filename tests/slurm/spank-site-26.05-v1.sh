#!/bin/sh
# The site's summary lines and heapline-site (spank-site.sh) on Slurm
# 26.05, cgroup v1, on this host, with the plugin built for 26.05.
exec "${abs_srcdir:-$(dirname "$0")}/with-plugin-26.05.sh" spank-site.sh 26.05

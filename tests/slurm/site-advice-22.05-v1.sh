#!/bin/sh
# heapline-site's advice after real steps of two users (site-advice.sh) on
# Debian's Slurm 22.05, cgroup v1, on this host.
exec "${abs_srcdir:-$(dirname "$0")}/site-advice.sh" 22.05 v1

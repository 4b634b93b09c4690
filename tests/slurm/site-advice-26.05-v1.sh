#!/bin/sh
# heapline-site's advice after real steps of two users (site-advice.sh) on
# Slurm 26.05, cgroup v1, on this host, with the plugin built for 26.05.
exec "${abs_srcdir:-$(dirname "$0")}/with-plugin-26.05.sh" \
    site-advice.sh 26.05 v1

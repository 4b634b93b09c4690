#!/bin/sh
# heapline-admin-comment as EpilogSlurmctld (spank-admin-comment.sh) on
# Slurm 26.05 and its slurmdbd, cgroup v1, on this host, the helper linked
# with 26.05's libslurm and the plugin built for it.
exec "${abs_srcdir:-$(dirname "$0")}/with-plugin-26.05.sh" \
    spank-admin-comment.sh 26.05

#!/bin/sh
# heapline-admin-comment as EpilogSlurmctld (spank-admin-comment.sh) on
# Debian's Slurm 22.05 and its slurmdbd, cgroup v1, on this host.
exec "${abs_srcdir:-$(dirname "$0")}/spank-admin-comment.sh" 22.05

#!/bin/sh
# The test cluster of Slurm 26.05 (install-slurm.sh), plain mode and cgroup
# v1, on this host.
exec "${srcdir:-$(dirname "$0")}/cluster-selftest.sh" 26.05 v1

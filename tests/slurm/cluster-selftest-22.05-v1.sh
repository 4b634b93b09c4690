#!/bin/sh
# The test cluster of Debian's Slurm 22.05, plain mode and cgroup v1.
exec "${srcdir:-$(dirname "$0")}/cluster-selftest.sh" 22.05 v1

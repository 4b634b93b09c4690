#!/bin/sh
# The test cluster of Slurm 26.05 on cgroup v2 (in the guest, in-guest.sh).
here=${abs_srcdir:-$(cd "${srcdir:-$(dirname "$0")}" && pwd)}
exec "$here/in-guest.sh" cluster-selftest.sh 26.05 v2

#!/bin/sh
# Slurm 26.05 on cgroup v2, in one boot of the guest (in-guest.sh): the
# test cluster's self-test (cluster-selftest.sh), then the plugin's
# scenarios that matter to a site (spank-release.sh), with the plugin
# built for 26.05 here beforehand: the guest runs it from the shared build
# tree.
exec "${abs_srcdir:-$(dirname "$0")}/with-plugin-26.05.sh" \
    in-guest.sh cluster-selftest.sh 26.05 v2 + spank-release.sh 26.05 v2

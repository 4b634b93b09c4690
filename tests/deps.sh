#!/bin/sh
# Installs, from Debian 12's packages, everything that building heapline and
# running all of its tests needs: the autotools, clang-format (every C
# file's layout is checked), Slurm with accounting
# (munge, MariaDB, slurmdbd), Open MPI and MPICH, Python (and mpi4py, for
# the programs of the cluster tests that MPI codes in Python are), the tools the
# benchmarks compare with and the real programs they measure (LAMMPS' lmp,
# an MPI code, whose in.lj sites-on-programs-within-budget.test runs), those that build and check the packages
# (debhelper, lintian, rpm), Chromium (the HTML report's tests read the
# page in a real browser), Prometheus' promtool and node_exporter with
# curl (heapline-site's OpenMetrics output checked and served), what Slurm 26.05's build needs to run (the
# libraries its programs and plugins load; tests/slurm/install-slurm.sh then
# installs it from the shared folder, where that is there), what the
# cgroup v2 guest is made and run with (qemu, mmdebstrap, ssh), and the
# aarch64 cross-compilers, arm64's libraries and qemu-user for
# tests/aarch64.sh. Run as root; it is what .ci/run runs first.
set -eu
export DEBIAN_FRONTEND=noninteractive
# Another apt-get (unattended upgrades on a fresh machine) may hold the
# lock for a while: wait for it rather than fail.
apt="apt-get -o DPkg::Lock::Timeout=900"
# tests/aarch64.sh cross-builds heapline against arm64's own libraries.
dpkg --add-architecture arm64
$apt update -q
$apt install -y -q --no-install-recommends \
    autoconf automake pkg-config make gcc g++ clang libclang-rt-14-dev git \
    clang-format \
    python3 procps file \
    munge slurm-wlm slurmctld slurmd slurm-client slurmdbd libslurm-dev \
    mariadb-server mariadb-client \
    openmpi-bin libopenmpi-dev mpich libmpich-dev python3-mpi4py \
    valgrind heaptrack libc-dev-bin time libjemalloc2 libtcmalloc-minimal4 \
    libmimalloc2.0 lammps \
    iproute2 util-linux libc6-dev libcap2-bin \
    libunwind-dev libdw-dev gfortran \
    debhelper lintian fakeroot rpm rpm2cpio cpio binutils chromium \
    libmunge2 libmariadb3 libhwloc15 libjson-c5 libdbus-1-3 libyaml-0-2 \
    libnuma1 liblz4-1 libreadline8 libcap-ng0 libjwt0 libhttp-parser2.9 libpmix2 \
    qemu-system-x86 mmdebstrap e2fsprogs openssh-client \
    prometheus prometheus-node-exporter curl \
    gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user-static \
    libc6-dev:arm64 libstdc++6:arm64 libunwind-dev:arm64 libdw-dev:arm64
# Slurm 26.05 under /opt (skipped, status 77, where the shared folder is
# not beside the checkout).
"$(dirname "$0")/slurm/install-slurm.sh" || [ $? = 77 ]

#!/bin/sh
# Installs, from Debian 12's packages, everything that building heapline and
# running all of its tests needs: the autotools, Slurm with accounting
# (munge, MariaDB, slurmdbd), Open MPI and MPICH, Python, the tools the
# benchmarks compare with, those that build and check the packages
# (debhelper, lintian, rpm), and Chromium (the HTML report's tests read the
# page in a real browser). Run as root; it is what .ci/run runs first.
set -eu
export DEBIAN_FRONTEND=noninteractive
# Another apt-get (unattended upgrades on a fresh machine) may hold the
# lock for a while: wait for it rather than fail.
apt="apt-get -o DPkg::Lock::Timeout=900"
$apt update -q
$apt install -y -q --no-install-recommends \
    autoconf automake libtool pkg-config make gcc g++ clang libclang-rt-14-dev git \
    python3 procps file \
    munge slurm-wlm slurmctld slurmd slurm-client slurmdbd libslurm-dev \
    mariadb-server mariadb-client \
    openmpi-bin libopenmpi-dev mpich libmpich-dev \
    valgrind heaptrack libc-dev-bin time libjemalloc2 libtcmalloc-minimal4 \
    iproute2 util-linux libc6-dev libcap2-bin \
    libunwind-dev libdw-dev gfortran \
    debhelper lintian fakeroot rpm rpm2cpio cpio binutils chromium

#!/bin/bash
# Installs Slurm 26.05.3 under /opt/slurm-26.05.3 for the test clusters
# (cluster.sh start --slurm=/opt/slurm-26.05.3, and the cgroup v2 guest),
# from the build kept in the project's shared folder: it is unpacked at /
# (Slurm's paths are compiled in). Where that build does not run here, the
# source beside it is built with the same options instead (a quarter of an
# hour on two cores). Nothing of it goes into heapline's repository.
#
#   install-slurm.sh            install (or check) and print the prefix
#
# The shared folder's slurm/ is $HEAPLINE_SHARED_SLURM, by default
# ../shared/slurm beside the checkout. Exit 0 installed (at once when it
# already is); 77 when its files are not there, not root, or HEAPLINE_TEST_CLUSTER=no
# (the reason on stderr); 1 when a library is missing (the runtime
# packages are in tests/deps.sh) or neither the build nor the source gives
# a Slurm that runs.
set -u

readonly VERSION=26.05.3
readonly PREFIX=/opt/slurm-$VERSION
here=$(cd "$(dirname "$0")" && pwd)
shared=${HEAPLINE_SHARED_SLURM:-$here/../../../shared/slurm}
binary=$shared/slurm-$VERSION-debian12-x86_64.tar.xz
source=$shared/slurm-$VERSION.tar.xz
stamp=$PREFIX/.heapline-installed

_skip() {
    echo "install-slurm.sh: skipped: $*" >&2
    exit 77
}

_log() { echo "install-slurm.sh: $*" >&2; }

# Every program and plugin finds its libraries (Debian's packages, which
# tests/deps.sh installs).
_libraries_found() {
    local f missing=
    for f in "$PREFIX"/bin/* "$PREFIX"/sbin/* "$PREFIX"/lib/*.so \
        "$PREFIX"/lib/slurm/*.so; do
        [ -f "$f" ] || continue
        if ldd "$f" 2>&1 | grep -q 'not found'; then
            missing="$missing $(basename "$f"): $(ldd "$f" | awk '/not found/ {print $1}' | tr '\n' ' ')"
        fi
    done
    [ -z "$missing" ] || {
        _log "libraries not found (tests/deps.sh installs them):$missing"
        return 1
    }
}

# Its programs run and say their release (the clients read a slurm.conf
# first, any will do); the plugins cluster.sh asks for are there.
_runs() {
    local f conf
    conf=$(mktemp) || return 1
    printf '%s\n' ClusterName=check SlurmctldHost=localhost > "$conf"
    for f in bin/srun bin/sacct sbin/slurmd sbin/slurmctld; do
        SLURM_CONF=$conf "$PREFIX/$f" -V 2> /dev/null | grep -qx "slurm $VERSION" || {
            _log "$PREFIX/$f -V does not say slurm $VERSION"
            rm -f "$conf"
            return 1
        }
    done
    rm -f "$conf"
    for f in cgroup_v1 cgroup_v2 mpi_pmix auth_munge cred_munge \
        accounting_storage_mysql accounting_storage_slurmdbd proctrack_cgroup \
        proctrack_linuxproc task_cgroup jobacct_gather_cgroup \
        jobacct_gather_linux select_cons_tres; do
        [ -f "$PREFIX/lib/slurm/$f.so" ] || {
            _log "plugin $f missing"
            return 1
        }
    done
}

# The options of the build in the shared folder (its README): the
# defaults, with PMIx, configuration under the prefix.
_build() {
    local tmp
    [ -f "$source" ] || {
        _log "no source to build from ($source)"
        return 1
    }
    _log "building Slurm $VERSION from $source (about 15 minutes on two cores)"
    apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends \
        build-essential libmunge-dev libmariadb-dev libdbus-1-dev \
        libjson-c-dev libhwloc-dev libbpf-dev libpmix-dev libyaml-dev \
        liblz4-dev libnuma-dev libreadline-dev libpam0g-dev libjwt-dev \
        libhttp-parser-dev python3 > /dev/null || return 1
    tmp=$(mktemp -d) || return 1
    (cd "$tmp" && tar xJf "$source" && cd slurm-$VERSION &&
        ./configure -q --prefix="$PREFIX" --sysconfdir="$PREFIX/etc" \
            --with-pmix=/usr/lib/x86_64-linux-gnu/pmix2 > ../configure.log &&
        make -j2 > ../make.log 2>&1 && make install > ../install.log 2>&1) ||
        {
            _log "building failed; logs in $tmp"
            return 1
        }
    rm -rf "$tmp"
}

[ "${HEAPLINE_TEST_CLUSTER:-}" != no ] || _skip "HEAPLINE_TEST_CLUSTER=no"
if [ -f "$stamp" ] && _runs 2> /dev/null; then
    echo "$PREFIX"
    exit 0
fi
[ "$(id -u)" = 0 ] || _skip "installing under /opt needs root"
[ -f "$binary" ] || [ -f "$source" ] ||
    _skip "no Slurm $VERSION in $shared (set HEAPLINE_SHARED_SLURM)"
rm -f "$stamp"
if [ -f "$binary" ]; then
    tar -C / -xJf "$binary" || exit 1
    _libraries_found || exit 1
    _runs || {
        _log "the build in $binary does not run here"
        rm -rf "$PREFIX"
        _build && _libraries_found && _runs || exit 1
    }
else
    _build && _libraries_found && _runs || exit 1
fi
date -u +%FT%TZ > "$stamp"
echo "$PREFIX"

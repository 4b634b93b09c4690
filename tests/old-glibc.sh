#!/bin/sh
# tests/old-glibc.sh [BUILDDIR]: heapline built and tested natively on an
# older glibc: a Debian 11 (bullseye) chroot made with mmdebstrap from
# Debian's mirror, glibc 2.31 (SLES 15 SP4 to SP6's), whose own GCC 10,
# autoconf 2.69 and automake 1.16.3 make the build system and build
# heapline from a copy of the source tree's files; then the tests of
# tests/fallbacks.sh run there, with all of heapline-report's (that leg
# runs only those that reach its fallbacks: here every one of its calls
# goes to the older glibc). configure finds each interface newer than
# 2.31 missing by itself, none forced (checked in config.h), and the tests'
# programs run on that glibc's loader and libraries. Ends with one summary
# line; exits non-zero on any failure. BUILDDIR (default: a temporary
# directory, removed on success) gets bullseye/, the chroot, with the
# copy in /heapline/src and the build in /heapline/build, and logs/; a
# BUILDDIR kept from an earlier run keeps its chroot, which is reused.
#
# Why Debian 11 and not glibc 2.28 (RHEL 8): Debian 10 (buster, glibc
# 2.28) has left deb.debian.org, and archive.debian.org was not reachable
# from the machine of CI; glibc 2.31 lacks every interface of 2.32 and
# later that heapline calls (doc/getting-started.md), which tests/fallbacks.sh
# forces off on Debian 12. The plugin is not built: Debian 11's Slurm is
# 20.11, older than the 22.05 that it needs.
#
# Not part of make check or .ci/run: it needs root (chroot, mounts) and
# the mirror, and costs, measured on the machine of CI (2 cores, a load
# of about 40 from other work), 34 minutes: the chroot 4, autoreconf and
# configure 3, the build 3, the tests 24 (tests/preload 17, its 64-thread
# fork test alone most of that); about 550 MB of disk, 500 of them the
# chroot.
#
# Environment: MAKEFLAGS as usual; HEAPLINE_DEBIAN_MIRROR (default
# http://deb.debian.org/debian).
set -u

SUITE=bullseye
MIRROR=${HEAPLINE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# What building heapline and its tests need (as tests/deps.sh), and what
# the tests run: mount (the fault tests' tmpfs), setcap (the launcher's),
# gfortran (a Fortran program's sites).
PACKAGES='build-essential autoconf automake pkg-config libunwind-dev
libdw-dev python3 procps file gfortran libcap2-bin mount'
# The interfaces of glibc 2.32 and later that configure must find missing
# here (HAVE_..._NP and the rest undefined, the declaration's 0), and
# getdents64 (2.30), which it must find.
MISSING='HAVE__DL_FIND_OBJECT HAVE_STRERRORDESC_NP HAVE_STRERRORNAME_NP
HAVE_SIGABBREV_NP HAVE_CLOSE_RANGE HAVE_EXECVEAT'
LOCK=/tmp/heapline-64-threads.lock
# As tests/fallbacks.sh, and for the same reasons.
LEFT_OUT='callsites_on_fault_tests.py hand_over_suggestion_repeats.py'

. "$(dirname "$0")/side_tree.sh"
side_tree old-glibc "$@"
root=$top/$SUITE
srcdir=$root/heapline/src
build=$root/heapline/build

fail_now() {
    echo "old-glibc: FAILED ($1)"
    exit 1
}

[ "$(id -u)" = 0 ] || fail_now "not root: chroot and its mounts need root"
command -v mmdebstrap > /dev/null ||
    fail_now "no mmdebstrap: tests/deps.sh installs it"

# in_root COMMAND...: run in the chroot, with none of this shell's
# environment but MAKEFLAGS.
in_root() {
    chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 MAKEFLAGS="${MAKEFLAGS:-}" nice -n 5 "$@"
}

# The chroot's mounts: the kernel's file systems, and the lock by which
# the 64-thread fork test runs once at a time on the machine. Each is
# undone on exit, before anything under $top may be removed.
mounted() {
    grep -q " $root/" /proc/self/mounts
}
unmount_all() {
    for m in "$root$LOCK" "$root/dev" "$root/sys" "$root/proc"; do
        grep -q " $m " /proc/self/mounts && umount -R "$m"
    done
}

if [ -e "$root/etc/debian_version" ]; then
    say "the chroot of an earlier run reused: $root"
else
    # shellcheck disable=SC2086
    mmdebstrap --variant=apt --include="$(echo $PACKAGES | tr ' ' ,)" \
        $SUITE "$root" "$MIRROR" > "$logs/mmdebstrap.log" 2>&1 || {
        tail -20 "$logs/mmdebstrap.log"
        fail_now "mmdebstrap $SUITE from $MIRROR"
    }
fi
mounted && fail_now "something is mounted under $root already"
trap unmount_all EXIT
trap 'exit 1' INT TERM
mount -t proc proc "$root/proc" &&
    mount --rbind /sys "$root/sys" && mount --make-rslave "$root/sys" &&
    mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev" ||
    fail_now "mounts in $root"
[ -e $LOCK ] || (umask 022 && : > $LOCK)
: > "$root$LOCK"
mount --bind $LOCK "$root$LOCK" || fail_now "the lock's mount"

glibc=$(in_root ldd --version | sed -n '1s/.* //p')
say "Debian $(cat "$root/etc/debian_version"), glibc $glibc, in $root"

copy_files || fail_now "no copy of the sources in $srcdir"
rm -rf "$build"
mkdir -p "$build"
in_root sh -c 'cd /heapline/src && autoreconf -fi' \
    > "$logs/autoreconf.log" 2>&1 || {
    tail -30 "$logs/autoreconf.log"
    fail_now "autoreconf"
}
in_root sh -c 'cd /heapline/build && ../src/configure' \
    > "$logs/configure.log" 2>&1 || {
    tail -30 "$logs/configure.log"
    fail_now "configure"
}
for macro in $MISSING; do
    grep -q "^#define $macro 1" "$build/config.h" &&
        problem "configure found $macro on glibc $glibc"
done
grep -q '^#define HAVE_DECL___LIBC_SINGLE_THREADED 0' "$build/config.h" ||
    problem "configure found __libc_single_threaded on glibc $glibc"
grep -q '^#define HAVE_GETDENTS64 1' "$build/config.h" ||
    problem "configure did not find getdents64 on glibc $glibc"

# make_in_root DIR ARGS...: make in the chroot's build, with its output
# kept in a log unless it fails.
make_in_root() {
    make_dir=$1
    shift
    log=$logs/make-$(echo "$make_dir $*" | tr -c 'a-zA-Z0-9_.-' _ | cut -c1-200).log
    if ! in_root make -C "/heapline/build/$make_dir" "$@" > "$log" 2>&1; then
        grep -v '^make' "$log" | tail -60
        return 1
    fi
}
make_in_root . || fail_now "build; logs in $logs"
say "built on glibc $glibc in $build"

# tests_of DIR: the TESTS of DIR's Makefile, less those LEFT_OUT.
tests_of() {
    printf 'hl-print-tests:\n\t@echo $(TESTS)\n' |
        in_root make -s -C "/heapline/build/$1" -f Makefile -f - hl-print-tests |
        tr ' ' '\n' | grep -vxF "$(echo "$LEFT_OUT" | tr ' ' '\n')" | tr '\n' ' '
}

for dir in common preload preload/launcher report/job report/site \
    spank/plugin spank/srun spank/stepd spank/task spank/site spank/shared; do
    make_in_root "tests/$dir" check TESTS="$(tests_of "tests/$dir")" ||
        problem "tests/$dir"
done

pass=0 fail=0
side_tree_results
unmount_all
if [ -n "$problems" ]; then
    echo "old-glibc: FAILED ($problems): $pass passed, $fail failed, $skip skipped on glibc $glibc; logs in $logs"
    exit 1
fi
echo "old-glibc: clean ($pass passed, $skip skipped, built and run on glibc $glibc, Debian $SUITE)"
mounted || side_tree_done

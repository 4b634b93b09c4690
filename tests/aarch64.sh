#!/bin/sh
# tests/aarch64.sh [BUILDDIR]: heapline cross-built for aarch64 (Debian's
# gcc-aarch64-linux-gnu, with the arm64 multiarch libraries that
# tests/deps.sh installs) and a subset of the tests of the library, the
# launcher and the report run under qemu-user: the test programs, the
# measured ones, the launcher and the report are aarch64 binaries, which
# the kernel hands to qemu-aarch64-static (binfmt_misc, registered here if
# it is not), and the harness stays the machine's own Python. Then a
# program run by the emulator's name (qemu-aarch64-static PROGRAM) is
# checked to be recorded under its own name. Ends with one summary line;
# exits non-zero on any failure. BUILDDIR (default: a temporary directory,
# removed on success) gets src/, a copy of the source tree's files, and
# build/, as tests/fallbacks.sh.
#
# Why a subset: CI's time is short, and qemu-user runs each aarch64 program
# many times slower than the machine. Measured on the machine of CI (2
# cores, loaded by other builds), this leg takes about 4 minutes of CPU, of
# which the cross-build is about 3 (libtool's shell, the report's many
# files) and these tests under qemu about 1; the unit test of the timeline's
# buckets alone had used 100 s of CPU under qemu, unfinished, when it was
# stopped. What differs on aarch64 is the library's own code where the
# x86-64 build has assembly (the hot path's counters, updated here by
# exclusive loads and stores, and the test of a block's header, whose C path
# runs here: doc/performance.md counts their instructions), the loads that
# acquire where x86-64's plain loads do, the stacks that libunwind walks
# (its aarch64 unwinder) and the records that the aarch64 report reads. The
# tests below are those that reach each of them, one each where one
# suffices: the counts of every entry point (C and C++), of threads and
# their peak; a signal handler that allocates between the instructions of
# the program's own malloc and free (one instruction a translated block
# there, QEMU_SINGLESTEP, so that a signal can come between any two: the
# counters' exclusive updates); fork and exec; the timeline (of a staircase,
# of threads, of a SIGKILLed process); sites with stacks, their tagged
# blocks and the aarch64 report naming them; the program's name. Then, here:
# a program run by the emulator's name, the aarch64 launcher's record and
# the aarch64 report on it. Left out: the tests of faults, of other signals,
# of the writer's errors and of the options (the same C as on x86-64, which
# make check and tests/fallbacks.sh run); the unit test of the timeline's
# buckets (a 2-hour run observed every millisecond: minutes of CPU under
# qemu, and no code of its own on aarch64); those that preload the library
# into Python or the shell (the machine's own programs, which do not load an
# aarch64 library: HEAPLINE_TEST_CROSS tells the tests that mix both to
# leave those parts out), the launcher's among them; the static builds (the
# same C, linked the same way); heapline-site, and the plugin (no arm64
# Slurm to build it against). Only what these tests run is built.
#
# The test programs are compiled at -O0: GCC at -O2 removes the
# malloc/free pairs whose figures the tests know. The library, the
# launcher and the report are built as make builds them (-O2).
#
# Environment: MAKEFLAGS as usual.
set -u

HOST=aarch64-linux-gnu
QEMU=qemu-aarch64-static

PRELOAD_TESTS='counts_malloc counts_calloc counts_realloc
counts_reallocarray counts_posix_memalign counts_aligned_alloc
counts_memalign counts_valloc counts_pvalloc counts_cxx_new_delete
counts_cxx_own_operators threads_exact threads_peak_within_bound
callsites_stacks_modules_text callsites_tagged_copy_aligned_as_asked
fork_without_exec_two_records.py exec_chain_measures_new_image.py
killed_staircase_keeps_timeline.py timeline_bounded_with_peak.py
callsites_three_named_in_order.py
callsites_every_block_tagged_counts_exact.py record_program_and_ppid.py
allocating_signals_counted_exactly.py'
# The programs they run: the test programs built, of tests/preload's.
PRELOAD_PROGRAMS='counts_malloc counts_calloc counts_realloc
counts_reallocarray counts_posix_memalign counts_aligned_alloc
counts_memalign counts_valloc counts_pvalloc counts_cxx_new_delete
counts_cxx_own_operators threads_exact threads_peak_within_bound
callsites_stacks_modules_text callsites_tagged_copy_aligned_as_asked
fork_child exec_chain staircase callsites_three allocating_signals'
export HEAPLINE_TEST_CROSS=aarch64

. "$(dirname "$0")/side_tree.sh"
side_tree aarch64 "$@"
build=$top/build
rm -rf "$build"
mkdir -p "$build"

fail_now() {
    echo "aarch64: FAILED ($1)"
    exit 1
}

command -v $HOST-gcc > /dev/null && command -v $QEMU > /dev/null ||
    fail_now "no $HOST-gcc or $QEMU: tests/deps.sh installs them"

# The kernel runs aarch64 programs through qemu: binfmt_misc, with
# qemu-user-static's own entry (flags F: the emulator opened now, so that
# it runs in any mount namespace; P: argv[0] kept).
bfm=/proc/sys/fs/binfmt_misc
if [ ! -e $bfm/qemu-aarch64 ]; then
    [ -e $bfm/register ] || mount -t binfmt_misc binfmt_misc $bfm 2> /dev/null
    [ -e $bfm/register ] && cat /usr/lib/binfmt.d/qemu-aarch64.conf \
        > $bfm/register 2> /dev/null
fi
grep -q '^enabled' $bfm/qemu-aarch64 2> /dev/null ||
    fail_now "binfmt_misc has no enabled qemu-aarch64 entry (root needed to register it)"

copy_sources || fail_now "no copy of the sources to build in $srcdir"
(cd "$build" && "$srcdir/configure" --host=$HOST --without-slurm) \
    > "$logs/configure.log" 2>&1 || {
    tail -30 "$logs/configure.log"
    fail_now configure
}
say "cross-built for $HOST in $build"
make_in "$build/common" || fail_now "build of common/; logs in $logs"
make_in "$build/preload" libheapline.so heapline heapline-refresh ||
    fail_now "build of the library and the launcher; logs in $logs"
make_in "$build/report" heapline-report ||
    fail_now "build of the report; logs in $logs"
file -L "$build/preload/libheapline.so" | grep -q 'ARM aarch64' ||
    problem "libheapline.so is not an aarch64 object"

# shellcheck disable=SC2086
make_in "$build/tests/preload" check CFLAGS='-g -O0' CXXFLAGS='-g -O0' \
    check_PROGRAMS="$(echo $PRELOAD_PROGRAMS)" \
    TESTS="$(echo $PRELOAD_TESTS)" || problem "tests/preload"

# column NAME FILE: that column of the record's first row.
column() {
    awk -F, -v name="$1" '/^#/ { next }
        !c { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
        { print $c; exit }' "$2" 2> /dev/null
}
pass=0 fail=0
# check WHAT COMMAND...: one more test here.
check() {
    what=$1
    shift
    if "$@"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        problem "$what"
    fi
}
lib=$build/preload/libheapline.so
program=$build/tests/preload/counts_malloc

# The program run by the emulator's name: its record names it, not qemu.
HEAPLINE_OUTPUT=$top/by-name.csv HEAPLINE_QUIET=1 LD_PRELOAD=$lib \
    $QEMU "$program" baseline > /dev/null 2>&1
check "under $QEMU PROGRAM, the record's program is counts_malloc, not \
'$(column program "$top/by-name.csv")'" \
    [ "$(column program "$top/by-name.csv")" = counts_malloc ]

# The aarch64 launcher measures the program as the preload does, and the
# aarch64 report reads its record.
HEAPLINE_LIBRARY=$lib "$build/preload/heapline" -q -o "$top/launcher.csv" \
    "$program" baseline > /dev/null 2>&1
allocs=$(column allocs "$top/launcher.csv")
check "the launcher's record counts the allocations of the preloaded one" \
    [ "${allocs:-none}" = "$(column allocs "$top/by-name.csv")" ]
"$build/report/heapline-report" --no-sacct "$top/launcher.csv" \
    > "$top/report.txt" 2>&1
check "the report reads the launcher's record: exit 0, counts_malloc named" \
    grep -q counts_malloc "$top/report.txt"

side_tree_results
# Each test of the subset was chosen for what it reaches here.
[ $skip -eq 0 ] || problem "$skip of the tests skipped"
if [ -n "$problems" ]; then
    echo "aarch64: FAILED ($problems): $pass passed, $fail failed, $skip skipped; logs in $logs"
    exit 1
fi
echo "aarch64: clean ($pass passed under qemu-user)"
side_tree_done

#!/bin/sh
# tests/fallbacks.sh [BUILDDIR]: heapline built as on glibc 2.28 (RHEL 8),
# every interface newer than 2.28 forced to its fallback by configure's
# cache variables (doc/getting-started.md, Supported systems), and the
# tests of the library (sites, timeline and the static library included:
# static programs linked with libheapline-static.a), the launcher, the
# report's that reach its fallbacks, heapline-site and the plugin's
# Slurm-free parts run on it, with
# tests/common's check that the binaries need none of those interfaces.
# Ends with one summary line; exits non-zero on any failure. BUILDDIR
# (default: a temporary directory, removed on success) gets src/, a copy
# of the source tree's files (those git tracks or would track), and
# build/: the source tree may be configured in place (as .ci/run does),
# where a VPATH configure refuses to run, and is left untouched.
#
# Environment: MAKEFLAGS as usual.
set -u

# One line per interface: configure's cache variable that forces it off.
FORCED='ac_cv_func__dl_find_object=no
ac_cv_have_decl___libc_single_threaded=no
ac_cv_func_strerrordesc_np=no
ac_cv_func_strerrorname_np=no
ac_cv_func_sigabbrev_np=no
ac_cv_func_getdents64=no
ac_cv_func_close_range=no
ac_cv_func_execveat=no'

. "$(dirname "$0")/side_tree.sh"
side_tree fallbacks "$@"
build=$top/build
rm -rf "$build"
mkdir -p "$build"

copy_sources || {
    echo "fallbacks: FAILED (no copy of the sources to build in $srcdir)"
    exit 1
}
# shellcheck disable=SC2086
if ! (cd "$build" && "$srcdir/configure" $FORCED) > "$logs/configure.log" 2>&1; then
    tail -30 "$logs/configure.log"
    echo "fallbacks: FAILED (configure)"
    exit 1
fi
# Each forced variable took: its HAVE_ is undefined in config.h.
for v in $FORCED; do
    name=${v%=no}
    case $name in
    ac_cv_func_*) macro=HAVE_$(echo "${name#ac_cv_func_}" | tr a-z A-Z) ;;
    ac_cv_have_decl_*) macro=HAVE_DECL_$(echo "${name#ac_cv_have_decl_}" | tr a-z A-Z) ;;
    esac
    grep -q "^#define $macro 1" "$build/config.h" &&
        problem "$name=no did not turn $macro off"
done
say "built with every fallback in $build"
make_in "$build" || {
    echo "fallbacks: FAILED (build; logs in $logs)"
    exit 1
}
# Left out of the library's tests here, as no interface of glibc's changes
# what they prove and make check runs them: the fault tests again with
# sites on; the 64-thread fork storm, which takes a machine-wide lock and
# so would wait here for make check's run of it (8 minutes in CI's logs of
# 94c8f31), while fault_fork_while_sampling
# still forks 200 times under 4 threads here, with the fallback of
# __libc_single_threaded; and the report's repeatability over three runs
# of 100 MiB hand-offs: the folder's longest.
LEFT_OUT='callsites_on_fault_tests.py fault_fork_exec_under_64_threads.py
hand_over_suggestion_repeats.py'

# Of heapline-report's tests, only those that reach the two parts of it
# built another way here: the names of signals (sigabbrev_np), in the
# records of killed processes, and sacct's child, whose descriptors
# close_range closes. The others run the same code as make check's build
# (they took 100 s of CPU here). Each pattern must still name a test.
REPORT_JOB='signal-names killed-* oom-verdict.test sacct-* slurm-deadline.test'

# tests_of DIR: the TESTS of DIR's Makefile, less those LEFT_OUT.
tests_of() {
    printf 'hl-print-tests:\n\t@echo $(TESTS)\n' |
        make -s -C "$1" -f Makefile -f - hl-print-tests |
        tr ' ' '\n' | grep -vxF "$(echo "$LEFT_OUT" | tr ' ' '\n')" | tr '\n' ' '
}

# report_job_tests LIST: the words of LIST that REPORT_JOB names, and a
# problem for each of its patterns that names none.
report_job_tests() {
    set -f
    picked=
    for p in $REPORT_JOB; do
        hit=
        for t in $1; do
            # shellcheck disable=SC2254 # $p is a pattern
            case $t in $p) hit="$hit $t" ;; esac
        done
        [ -n "$hit" ] || problem "no test of tests/report/job matches $p"
        picked=$picked$hit
    done
    set +f
}

for dir in common preload preload/launcher report/job report/site \
    spank/plugin spank/srun spank/stepd spank/task spank/site spank/shared; do
    tests=$(tests_of "$build/tests/$dir")
    if [ "$dir" = report/job ]; then
        report_job_tests "$tests"
        tests=$picked
    fi
    make_in "$build/tests/$dir" check TESTS="$tests" || problem "tests/$dir"
done

# libheapline-static.a is built with the fallbacks too (the link wraps
# pthread_create and thrd_create): its tests, which skip where it is
# missing, must have passed.
for trs in "$build"/tests/preload/static_*.trs; do
    grep -qs '^:test-result: PASS' "$trs" ||
        problem "tests/preload/$(basename "$trs" .trs) did not pass"
done

pass=0 fail=0
side_tree_results
if [ -n "$problems" ]; then
    echo "fallbacks: FAILED ($problems): $pass passed, $fail failed, $skip skipped; logs in $logs"
    exit 1
fi
echo "fallbacks: clean ($pass passed, $skip skipped, every fallback forced)"
side_tree_done

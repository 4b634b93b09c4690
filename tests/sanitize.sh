#!/bin/sh
# tests/sanitize.sh [BUILDDIR]: the test suites of heapline-report and of
# the SPANK plugin's Slurm-free parts in an ASan+UBSan build, then
# heapline-report's own tests again with every run of the report under
# valgrind. Exits non-zero on any test failure or any sanitizer or valgrind
# report, and ends with one summary line. BUILDDIR (default: a temporary
# directory, removed on success) gets src/, a copy of the source tree's
# files (those git tracks or would track), and asan/ and valgrind/ build
# trees of it: the source tree may be configured in place (as .ci/run does),
# where a VPATH configure refuses to run, and is left untouched.
#
# Left out: libheapline.so and its tests. The library is preloaded into
# programs built without ASan (python3, sh), where an instrumented library
# cannot load; and preloaded into an instrumented test program it is not
# the program's allocator: clang links ASan's malloc into the program,
# which comes first, so the library counts 0 allocs; with gcc's libasan
# (ASAN_OPTIONS=verify_asan_link_order=0) the program crashes at start.
#
# Environment: SANITIZE_CC (default: clang, else gcc), MAKEFLAGS as usual.
set -u

. "$(dirname "$0")/side_tree.sh"
side_tree sanitize "$@"
san_flags='-fsanitize=address,undefined -fno-omit-frame-pointer -g -O1'
plain_flags='-g -O1'
# Debian 12's valgrind 3.19 cannot read clang 14's DWARF 5
vg_flags='-gdwarf-4 -O1'

# configure_tree DIR CFLAGS: a fresh build tree of the source tree.
configure_tree() {
    rm -rf "$1"
    mkdir -p "$1"
    (cd "$1" && "$srcdir/configure" CC="$cc" CFLAGS="$2" LDFLAGS="$2") \
        > "$1.configure.log" 2>&1 ||
        {
            tail -30 "$1.configure.log"
            return 1
        }
}

# The compiler: SANITIZE_CC, else clang, else gcc, the first that links a
# sanitized program (Debian's clang needs libclang-rt-14-dev for it).
printf 'int main(void) { return 0; }\n' > "$top/probe.c"
cc=
for c in ${SANITIZE_CC:-clang gcc}; do
    # shellcheck disable=SC2086
    if "$c" $san_flags "$top/probe.c" -o "$top/probe" \
        > "$logs/probe-$c.log" 2>&1; then
        cc=$c
        break
    fi
done
if [ -z "$cc" ]; then
    cat "$logs"/probe-*.log
    echo "sanitize: FAILED (no compiler links -fsanitize=address,undefined)"
    exit 1
fi
# LeakSanitizer stops the world with ptrace: refused in some containers
leaks=1
ASAN_OPTIONS=detect_leaks=1 "$top/probe" > "$logs/lsan-probe.log" 2>&1 ||
    leaks=0
[ $leaks = 1 ] || say "LeakSanitizer cannot run here (ptrace refused?): leaks not checked"

# The sanitizers write each report to a file of their own, so that a report
# counts even where a test expects the program to fail (exit status 1 or 2
# of a bad input) or hides its stderr. (gcc's UBSan writes to stderr all the
# same; halt_on_error then fails the test.)
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$logs/ubsan"
export ASAN_OPTIONS="detect_leaks=$leaks:log_path=$logs/asan"

if ! copy_sources; then
    echo "sanitize: FAILED (no copy of the sources to build in $srcdir)"
    exit 1
fi

# 1. ASan+UBSan: heapline-report, the plugin's libraries, and the unit
#    tests that link them. libheapline.so, which real-records.test
#    preloads into python3, is built without the sanitizers, with the
#    common/ libraries it links; these are then rebuilt with them for the
#    report and the plugin.
asan=$top/asan
say "ASan+UBSan build with $cc in $asan"
# The library, its refresher and the launcher, without sanitizers (they
# run in the programs measured): what the tests of the report run.
preload_parts='libheapline.so heapline heapline-refresh'
# shellcheck disable=SC2086 # target names, one word each
if configure_tree "$asan" "$san_flags" &&
    make_in "$asan/common" CFLAGS="$plain_flags" LDFLAGS= &&
    make_in "$asan/preload" CFLAGS="$plain_flags" LDFLAGS= $preload_parts &&
    make_in "$asan/common" clean &&
    make_in "$asan/common" &&
    make_in "$asan/report" &&
    make_in "$asan/spank"; then
    make_in "$asan/tests/report/job" check ||
        problem "tests/report/job under ASan+UBSan"
    # the plugin's unit tests (its cluster scenarios need root and a
    # cluster)
    for role in plugin srun stepd task site shared; do
        make_in "$asan/tests/spank/$role" check ||
            problem "tests/spank/$role under ASan+UBSan"
    done
else
    problem "ASan+UBSan build"
fi

# 2. valgrind: heapline-report's tests, each run of the report in valgrind
#    (a wrapper in place of the program), so every record those tests
#    write, and every golden output they compare with, is covered.
vg=$top/valgrind
say "valgrind build in $vg"
# vg_preload: the ASan tree's library, refresher and launcher, built
# without sanitizers, where they were built (valgrind runs the report, not
# them); else built here.
vg_preload() {
    for f in $preload_parts; do
        [ -f "$asan/preload/$f" ] || {
            # shellcheck disable=SC2086 # target names, one word each
            make_in "$vg/preload" $preload_parts
            return
        }
    done
    for f in $preload_parts; do
        ln -sf "$asan/preload/$f" "$vg/preload/$f" || return 1
    done
}
if ! command -v valgrind > /dev/null; then
    problem "valgrind not installed"
elif configure_tree "$vg" "$vg_flags" && make_in "$vg/common" &&
    vg_preload && make_in "$vg/report"; then
    mv "$vg/report/heapline-report" "$vg/report/heapline-report.bin"
    cat > "$vg/report/heapline-report" << EOF
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full \\
    --errors-for-leak-kinds=definite,indirect \\
    --log-file='$logs/valgrind.%p' '$vg/report/heapline-report.bin' "\$@"
EOF
    chmod +x "$vg/report/heapline-report"
    make_in "$vg/tests/report/job" check ||
        problem "tests/report/job with heapline-report under valgrind"
else
    problem "valgrind build"
fi

# A report anywhere is a finding, whatever the test made of its exit
# status; valgrind -q writes nothing unless it has something to report.
reports=0
for f in "$logs"/asan.* "$logs"/ubsan.* "$logs"/valgrind.*; do
    [ -s "$f" ] || continue
    reports=$((reports + 1))
    [ $reports -gt 3 ] && continue
    say "report in $f:"
    head -40 "$f"
done
[ $reports -eq 0 ] || problem "$reports sanitizer or valgrind reports"
for f in $(find "$asan/tests" -name test-suite.log) \
    "$vg"/tests/report/job/test-suite.log; do
    grep -q '^# \(FAIL\|ERROR\): *[1-9]' "$f" 2> /dev/null &&
        grep -A3 '^\(FAIL\|ERROR\):' "$f" | head -60
done

runs=0
for f in "$logs"/valgrind.*; do
    [ -e "$f" ] && runs=$((runs + 1))
done
if [ -n "$problems" ]; then
    echo "sanitize: FAILED ($problems); logs in $logs"
    exit 1
fi
echo "sanitize: clean (ASan+UBSan with $cc, leaks $([ $leaks = 1 ] && echo checked || echo not checked); valgrind: $runs runs of heapline-report)"
side_tree_done

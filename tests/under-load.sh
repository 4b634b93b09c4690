#!/bin/sh
# The load check: runs every test that doc/internals.md lists as reading a
# clock, sleeping, giving a program a deadline or starting the test cluster
# ("Tests that read a clock", tests/clock_tests.py listed) while twice as
# many busy processes as the machine has cores spin, and passes when each
# of them passes as it does on an idle machine. Not a part of make check
# (it takes the better part of an hour): run it when such a test changes.
#
#     tests/under-load.sh [BUILDDIR [FOLDER...]]
#         BUILDDIR: a configured build tree (default: the source tree's
#         own); FOLDERs (tests/slurm...): only the listed tests in those,
#         after a change that reaches no other (cluster.sh: the folders of
#         the tests that start a cluster)
#
# The test programs are built first, with the machine idle; then the
# spinners start, and are killed (by their pids) when the tests end.
set -u
# The packages' tests run as in CI (.ci/run), not skipped: deb.test runs
# the installed packages on the test cluster.
: "${HEAPLINE_TEST_PACKAGES:=yes}"
export HEAPLINE_TEST_PACKAGES
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$src}" && pwd)
[ $# -gt 0 ] && shift
py=${PYTHON3:-python3}

tests=$("$py" "$src/tests/clock_tests.py" listed "$src") || exit 1
if [ $# -gt 0 ]; then
    all=$tests
    tests=
    for folder in "$@"; do
        in=$(echo "$all" | grep "^${folder%/}/[^/]*$") ||
            { echo "under-load.sh: no listed test in $folder" >&2; exit 2; }
        tests="$tests$in
"
    done
    tests=$(echo "$tests" | grep .)
fi
# The folders, in the order of the list, each once.
dirs=$(echo "$tests" | sed 's|/[^/]*$||' | awk '!seen[$0]++')
names() { echo "$tests" | sed -n "s|^$1/||p" | tr '\n' ' '; }

for dir in $dirs; do
    make -s -C "$build/$dir" check TESTS= > /dev/null ||
        { echo "under-load.sh: cannot build $dir's tests" >&2; exit 1; }
done

spinners=
i=0
while [ $i -lt $((2 * $(nproc))) ]; do
    yes > /dev/null &
    spinners="$spinners $!"
    i=$((i + 1))
done
trap 'kill $spinners 2> /dev/null' EXIT
start=$(date +%s)
echo "under-load.sh: $(echo "$tests" | grep -c .) tests," \
    "$(echo $spinners | wc -w) busy processes on $(nproc) cores" \
    "(load $(cut -d' ' -f1 /proc/loadavg))"

status=0
for dir in $dirs; do
    make -C "$build/$dir" check TESTS="$(names "$dir")" || status=1
done

echo "under-load.sh: load $(cut -d' ' -f1-3 /proc/loadavg) at the end," \
    "$(($(date +%s) - start)) s"
for test in $tests; do
    dir=${test%/*}
    name=${test##*/}
    trs=$build/$dir/${name%.*}.trs
    [ -f "$trs" ] || trs=$build/$dir/$name.trs
    sed -n "s|^:global-test-result: \(.*\)|\1 $test|p" "$trs" 2> /dev/null ||
        echo "NO RESULT $test"
done
exit $status

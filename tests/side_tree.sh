# Sourced by tests/sanitize.sh and tests/fallbacks.sh, which build heapline
# a second way in a tree of their own beside the source tree: that tree
# may be configured in place (as .ci/run does), where a VPATH configure
# refuses to run, and is left untouched.
#
#     side_tree NAME [BUILDDIR]
#
# sets top (BUILDDIR, else a temporary directory that side_tree_done
# removes on success), logs and srcdir, and empties logs.

side_tree() {
    side_name=$1
    tree=$(cd "$(dirname "$0")/.." && pwd)
    if [ $# -ge 2 ]; then
        top=$2
        keep=yes
    else
        top=$(mktemp -d "${TMPDIR:-/tmp}/heapline-$side_name.XXXXXX")
        keep=no
    fi
    mkdir -p "$top"
    # Tests run programs as nobody, who must reach the build (mktemp's
    # folder is the user's alone).
    chmod 755 "$top"
    top=$(cd "$top" && pwd)
    logs=$top/logs
    srcdir=$top/src
    rm -rf "$logs"
    mkdir -p "$logs"
    problems=
}

say() {
    echo "$side_name.sh: $*"
}

# problem WHAT: remembered for the summary line.
problem() {
    say "FAILED: $1"
    problems="$problems${problems:+; }$1"
}

# make_in DIR ARGS...: make, with its output kept in a log unless it fails.
# The log's name is cut to 200 characters: a TESTS=... argument can be
# longer than a file name may be.
make_in() {
    make_dir=$1
    shift
    log=$logs/make-$(echo "$make_dir $*" | tr -c 'a-zA-Z0-9_.-' _ | cut -c1-200).log
    if ! make -C "$make_dir" "$@" > "$log" 2>&1; then
        grep -v '^make' "$log" | tail -60
        return 1
    fi
}

# copy_files: the tree's own files (those git tracks or would track) into
# $srcdir. A file that a test run beside this one removes while it is
# copied is no source, and does not fail the copy (.ci/run runs make check
# meanwhile).
copy_files() {
    rm -rf "$srcdir"
    mkdir -p "$srcdir"
    (cd "$tree" && git ls-files --cached --others --exclude-standard |
        while IFS= read -r f; do [ -e "$f" ] && echo "$f"; done |
        tar --ignore-failed-read -cf - -T -) | tar -xf - -C "$srcdir"
}

# copy_sources: copy_files, and the copy's build system made.
copy_sources() {
    copy_files || return 1
    if ! (cd "$srcdir" && autoreconf -fi) > "$logs/autoreconf.log" 2>&1; then
        tail -30 "$logs/autoreconf.log"
        return 1
    fi
}

# side_tree_results: the results of the tests run in $build/tests added to
# pass and fail, its skips counted in skip, and the failed tests' logs
# shown.
side_tree_results() {
    skip=0
    for r in $(find "$build/tests" -name '*.trs' -exec cat {} + |
        sed -n 's/^:test-result: *\([A-Z]*\).*/\1/p'); do
        case $r in
        PASS | XFAIL) pass=$((pass + 1)) ;;
        SKIP) skip=$((skip + 1)) ;;
        *) fail=$((fail + 1)) ;;
        esac
    done
    for f in $(find "$build/tests" -name test-suite.log); do
        grep -q '^# \(FAIL\|ERROR\): *[1-9]' "$f" 2> /dev/null &&
            grep -A20 '^\(FAIL\|ERROR\):' "$f" | head -80
    done
}

# side_tree_done: the temporary directory goes once all passed.
side_tree_done() {
    [ $keep = yes ] || rm -rf "$top"
}

# Sourced by the packaging tests: TAP helpers, and the release tarball made
# by `make dist` of this build, which is what the packages are built from.
# Sets: n failed (tests/tap.sh) top tarball.

. "$packaging_srcdir/../tap.sh"
_skip_all() { # REASON: a plan of no test (the TAP driver counts exit 77 as an error)
    echo "1..0 # SKIP $1"
    exit 0
}
# A package's own build (debian/rules, the spec's %check) does not build
# packages or the release again.
[ "${HEAPLINE_TEST_PACKAGES:-}" != no ] || _skip_all "HEAPLINE_TEST_PACKAGES=no"
_bail() { # REASON [LOG]: stop the test, with the tail of LOG
    echo "Bail out! $1"
    [ -n "${2:-}" ] && tail -40 "$2" | _diag
    exit 1
}
_finish() {
    echo "1..$n"
    [ "$failed" -eq 0 ]
}

# The tests that build packages take minutes, install into the system and
# need root: they run only when asked, as .ci/run does.
_need_packages_run() {
    [ "${HEAPLINE_TEST_PACKAGES:-no}" = yes ] ||
        _skip_all "set HEAPLINE_TEST_PACKAGES=yes to build the packages (as .ci/run does)"
}

top=$(mktemp -d /tmp/heapline-packaging-XXXXXX) || exit 99
chmod 755 "$top"
trap 'rm -rf "$top"' EXIT

# Nothing of the make that runs the test (TESTS=... on its command line)
# reaches the builds that the test runs.
unset MAKEFLAGS MFLAGS MAKELEVEL

# _dist: copy make dist's tarball into $top, as $tarball: the one that
# HEAPLINE_TEST_TARBALL names if set (.ci/run makes it once for the four
# tests that build from it: 21 s of CPU each time), else one made now. The
# build tree keeps no tarball that was not there before (make distcheck's
# distclean must find none), and concurrent tests make it one at a time.
_dist() {
    tarball=$top/heapline-$VERSION.tar.gz
    if [ -n "${HEAPLINE_TEST_TARBALL:-}" ]; then
        cp "$HEAPLINE_TEST_TARBALL" "$tarball" ||
            _bail "HEAPLINE_TEST_TARBALL=$HEAPLINE_TEST_TARBALL: no tarball to copy"
        return
    fi
    _made=$top_builddir/heapline-$VERSION.tar.gz
    _had=no
    [ -e "$_made" ] && _had=yes
    flock /tmp/heapline-packaging-dist.lock \
        sh -c 'make -C "$1" dist && cp "$2" "$3/"' sh \
        "$top_builddir" "$_made" "$top" > "$top/dist.log" 2>&1 ||
        _bail "make dist failed" "$top/dist.log"
    [ "$_had" = yes ] || rm -f "$_made"
}

# _plugin_version SO: what Slurm checks when it loads the plugin, its
# plugin_version (the SLURM_VERSION_NUMBER of the headers it was built
# with, whose major.minor must be the running Slurm's), as 0x...
_plugin_version() {
    _addr=$(nm -D --defined-only "$1" | awk '$3 == "plugin_version" { print $1 }')
    # objdump's bytes in memory order; x86-64 is little-endian.
    _bytes=$(objdump -s -j .rodata --start-address=0x"$_addr" \
        --stop-address=$((0x$_addr + 4)) "$1" |
        awk '/^ [0-9a-f]+ [0-9a-f]{8}/ { print $2; exit }')
    printf '0x%x' 0x"$(echo "$_bytes" | sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/')"
}

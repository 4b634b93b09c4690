#!/bin/sh
# plugin-for-release.sh PREFIX OUT: heapline.so and heapline-admin-comment
# built for the Slurm installed under PREFIX, in the folder OUT, from this
# build tree.
#
# Slurm loads a plugin only if it was built against its own major.minor
# (plugin_version), so the plugin that the build made against Debian's
# 22.05 does not load in 26.05's slurmstepd. What differs is only the
# sources that read a Slurm header: those are compiled again with
# PREFIX's headers and the defines configure's checks find in them
# (tests/spank/releases/slurm-checks, as compiles-on-every-release.test
# runs them), and linked with the build's own Slurm-free archives.
# heapline-admin-comment is linked with PREFIX's libslurm (a RUNPATH to
# it), whose API (slurm_load_job's job reference) and slurmdbd protocol are
# that release's.
# Needs the build tree built (make). Prints OUT/heapline.so; made again
# only when something it is made from changed.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 PREFIX OUT" >&2; exit 2; }
prefix=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=${abs_top_builddir:-$top}
cc=${CC:-gcc}
flags="-std=gnu11 -Wall -Wextra -g -O2 -fPIC"

# One build at a time (make -j2 check runs two scenarios of 26.05 at
# once); the second then finds it made.
mkdir -p "$out"
exec 8> "$out/.lock"
flock 8

# Made once per change: nothing it is made from is newer.
if [ -f "$out/heapline.so" ] && [ -f "$out/heapline-admin-comment" ] &&
    [ -z "$(find "$top/spank" "$top/common" "$top/report/admin_comment" \
        "$build/spank/libhlspank.a" "$build/spank/libhlspankslurm.a" \
        "$build/common/libcommon_write.a" "$build/common/libcommon_read.a" \
        "$build/report/libadmincomment.a" "$build/config.h" \
        "$build/install_dirs.h" \
        "$prefix/include/slurm" "$0" -newer "$out/heapline.so" -print -quit)" ]; then
    echo "$out/heapline.so"
    exit 0
fi

checks=$top/tests/spank/releases/slurm-checks
rel=$build/tests/spank/releases
[ -x "$checks" ] || make -s -C "$rel" \
    "$(sed -n 's/^srcdir = //p' "$rel/Makefile")/slurm-checks" > /dev/null
grep -v 'HL_SLURM_' "$build/config.h" > "$out/config.h"
cp "$build/install_dirs.h" "$out/" || exit 1
(cd "$out" && "$checks" -q CC="$cc" CPPFLAGS="-I$prefix/include" \
    > checks.log 2>&1) || { cat "$out/checks.log" >&2; exit 1; }
defs=$(tr ' ' '\n' < "$out/slurm-defs" | grep '^-DHL_SLURM_' || true)
includes="-I$out -I$top/common -I$top/spank -I$prefix/include"

# The plugin's sources that read a Slurm header, from their dependencies.
# shellcheck disable=SC2086 # options, one word each
$cc $includes -MM "$top"/spank/*/*.c |
    sed -e ':a' -e '/\\$/{N' -e 's/\\\n//' -e 'ba' -e '}' |
    awk -v inc="$prefix/include/slurm/" 'index($0, inc) { print $2 }' \
        > "$out/sources"
objs=
for src in $(cat "$out/sources"); do
    obj=$out/$(basename "$src" .c).o
    # shellcheck disable=SC2086
    $cc $flags $includes $defs -c "$src" -o "$obj"
    objs="$objs $obj"
done
# shellcheck disable=SC2086
# Each library before those it calls.
$cc -shared -o "$out/heapline.so" $objs "$build/spank/libhlspankslurm.a" \
    "$build/spank/libhlspank.a" \
    "$build/common/libcommon_read.a" \
    "$build/common/libcommon_write.a" -ldl -lpthread
libdir=$(dirname "$(ls "$prefix"/lib*/libslurm.so | head -1)")
# shellcheck disable=SC2086
$cc $flags $includes -I"$top/report/admin_comment" $defs \
    -o "$out/heapline-admin-comment" "$top/report/admin_comment/admin_comment.c" \
    "$build/report/libadmincomment.a" \
    "$build/common/libcommon_read.a" \
    "$build/common/libcommon_write.a" \
    -L"$libdir" -Wl,-rpath,"$libdir" -lslurm -lm
echo "$out/heapline.so"

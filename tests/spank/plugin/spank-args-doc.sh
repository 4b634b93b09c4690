#!/bin/bash
# Proves that the documentation lists the plugin's plugstack.conf arguments
# as its table has them (spank/plugin/plugin_args.c), no more and no fewer, with
# the same value form and default: heapline-spank(8), doc/admin.md (with the
# table's one-line help as the meaning) and the example heapline.conf. The
# installed paths in the defaults are written LIBDIR and BINDIR there. Last,
# a man page with one argument renamed must not pass. TAP.
set -u
srcdir=${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}
top=$srcdir/../../..
py=${PYTHON3:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! ./spank-args-list > "$tmp/raw"; then
    echo "Bail out! spank-args-list failed"
    exit 1
fi
while IFS= read -r line; do
    line=${line//"${libdir:?}"/LIBDIR}
    echo "${line//"${bindir:?}"/BINDIR}"
done < "$tmp/raw" > "$tmp/table"
cut -f1,2 "$tmp/table" > "$tmp/table-short"

n=0 failed=0
compare() { # WHAT WANT GOT
    n=$((n + 1))
    if [ ! -s "$3" ]; then
        echo "not ok $n - $1: the document lists no argument"
        failed=1
    elif diff -u "$2" "$3" > "$tmp/diff"; then
        echo "ok $n - $1"
    else
        echo "not ok $n - $1"
        echo "# --- the plugin's table, +++ the document"
        sed 's/^/# /' "$tmp/diff"
        failed=1
    fi
}

"$py" "$srcdir/spank-args-doc.py" man "$top/doc/heapline-spank.8" > "$tmp/man"
compare "heapline-spank.8 lists the table's arguments and defaults" \
    "$tmp/table-short" "$tmp/man"
"$py" "$srcdir/spank-args-doc.py" admin "$top/doc/admin.md" > "$tmp/admin"
compare "admin.md lists the table's arguments, defaults and help" \
    "$tmp/table" "$tmp/admin"
"$py" "$srcdir/spank-args-doc.py" conf \
    "$top/etc/plugstack.conf.d/heapline.conf.in" > "$tmp/conf"
compare "the example heapline.conf lists the table's arguments and defaults" \
    "$tmp/table-short" "$tmp/conf"

n=$((n + 1))
what="a copy of heapline-spank.8 with timeout= renamed timeouts= does not match"
sed 's/^\.BI timeout= /.BI timeouts= /' "$top/doc/heapline-spank.8" \
    > "$tmp/doctored.8"
"$py" "$srcdir/spank-args-doc.py" man "$tmp/doctored.8" > "$tmp/doctored"
if grep -q '^timeouts=' "$tmp/doctored" &&
    ! diff -q "$tmp/table-short" "$tmp/doctored" > /dev/null; then
    echo "ok $n - $what"
else
    echo "not ok $n - $what"
    failed=1
fi
echo "1..$n"
exit $failed

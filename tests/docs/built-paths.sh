# Sourced by the doc tests: where the build tree keeps what the pages run,
# and the doctest.py options that map the tutorial's installed paths
# (build/lib, build/bin, as after `./configure --prefix=$PWD/build && make
# install`) onto the build tree, so that make check and make distcheck run
# the pages without installing anything.  The launcher is copied, not
# linked: it looks for the library in ../lib beside its real path.
lib=$top_builddir/preload/libheapline.so
report=$top_builddir/report/heapline-report
launcher=$top_builddir/preload/heapline

# Prints "1..0 # SKIP ..." and exits when a file the pages run is not built.
need_built() {
    for f in "$@"; do
        if [ ! -e "$f" ]; then
            echo "1..0 # SKIP not built: $f"
            exit 0
        fi
    done
}

run_doctest() {
    "$PYTHON3" "$docs_srcdir/doctest.py" \
        --link "build/lib/libheapline.so=$lib" \
        --link "build/bin/heapline-report=$report" \
        --copy "build/bin/heapline=$launcher" \
        --command "python3=$PYTHON3" "$@"
}

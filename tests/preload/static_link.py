"""Shared by the tests of libheapline-static.a: builds one program twice
from the same source, linked dynamically (measured with the library
preloaded) and statically with heapline (measured through the link, with
the options that heapline.pc gives), runs both with sites on, and checks
that their records say the same of the heap."""

import csv
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import callsites  # noqa: E402

SRCDIR = os.path.dirname(os.path.abspath(__file__))
# Where the build left libheapline-static.a and its options file, as they
# are installed, and heapline.pc (tests/preload/Makefile.am).
ARCHIVE_DIR = os.environ.get("HEAPLINE_TEST_STATIC_DIR", "")
PC_DIR = os.environ.get("HEAPLINE_TEST_PC_DIR", "")


def link_flags():
    """What `pkg-config --static --libs heapline` says, with the build's
    folders in place of the installed ones."""
    callsites.require_report()
    if not os.path.isfile(os.path.join(ARCHIVE_DIR, "libheapline-static.a")):
        t.skip("libheapline-static.a not built in %r" % ARCHIVE_DIR)
    if not shutil.which("pkg-config"):
        t.skip("pkg-config not found")
    env = t.clean_env(PKG_CONFIG_PATH=PC_DIR)
    res = t.run(["pkg-config", "--define-variable=libdir=" + ARCHIVE_DIR,
                 "--static", "--libs", "heapline"], env)
    if not t.check(res.returncode == 0, "pkg-config: %r" % res.stderr):
        t.done()
    return res.stdout.split()


def build_both(compiler, source, work, flags=()):
    """The program linked dynamically, and statically with heapline."""
    exe = os.path.join(work, "dynamic")
    res = t.run([compiler] + list(flags) + ["-o", exe, source], t.clean_env())
    t.check(res.returncode == 0, "%s builds it dynamically: %r"
            % (compiler, res.stderr))
    static = os.path.join(work, "static")
    res = t.run([compiler, "-static"] + list(flags) + ["-o", static, source]
                + link_flags(), t.clean_env())
    if not t.check(res.returncode == 0 and not res.stderr,
                   "%s links it statically with heapline, with no warning: "
                   "%r" % (compiler, res.stderr)):
        t.done()
    return exe, static


def _record(path):
    with open(path, newline="") as f:
        lines = f.read().split("\n")
    t.check(len(lines) == 4 and lines[0] == "# heapline 1",
            "%s: a record of format 1: %r" % (path, lines[:2]))
    return dict(zip(lines[1].split(","), next(csv.reader([lines[2]]))))


def run_measured(argv, output, static):
    """One run with sites on: preloaded, or not (linked with heapline)."""
    env = callsites.sites_env(output, 1)
    if static:
        del env["LD_PRELOAD"]
    res = t.run(argv, env)
    t.check(res.returncode == 0, "%s exits 0: %r" % (argv[0], res.stderr))
    t.check(os.path.isfile(output), "%s wrote a record" % argv[0])
    return res


def _both(dynamic, static, work):
    recs = []
    for exe, linked in ((dynamic, False), (static, True)):
        out = os.path.join(work, os.path.basename(exe) + ".csv")
        run_measured([exe], out, linked)
        if not os.path.isfile(out):
            t.done()
        recs.append((out, _record(out)))
    return recs


def _startup(work):
    """What glibc allocates at the start of a static program, and never
    releases (the loader's search paths, which a dynamic program's loader
    allocates with its own allocator, unseen): the blocks and bytes by
    which an empty C program's record differs between the two links."""
    source = os.path.join(work, "empty.c")
    with open(source, "w") as f:
        f.write("int main(void) { return 0; }\n")
    folder = os.path.join(work, "empty")
    os.mkdir(folder)
    (_, d), (_, s) = _both(*build_both("gcc", source, folder), folder)
    blocks = int(s["allocs"]) - int(d["allocs"])
    size = int(s["live_heap_at_exit_bytes"]) - int(d["live_heap_at_exit_bytes"])
    t.check(s["frees"] == d["frees"] and blocks >= 0 and size >= 0,
            "an empty program: the static one's start-up only adds blocks "
            "held to the end: %r, %r" % (d, s))
    return blocks, size


def same_record(dynamic, static, work):
    """Both run; the records have the same columns, and the same heap
    (allocations, releases, peak, live at exit, but for what glibc
    allocates at the start of any static program), the same sites in the
    same order, and a timeline each."""
    blocks, size = _startup(work)
    (dpath, d), (spath, s) = _both(dynamic, static, work)
    t.check(list(d) == list(s), "the same columns: %r, %r" % (list(d), list(s)))
    for name, more in (("allocs", blocks), ("frees", 0),
                       ("peak_heap_bytes", size),
                       ("live_heap_at_exit_bytes", size)):
        t.check(int(d[name]) + more == int(s[name]),
                "%s: preloaded %s, linked %s (%d more at any static start)"
                % (name, d[name], s[name], more))
    for rec, how in ((d, "preloaded"), (s, "linked")):
        t.check(rec["timeline"].count(" ") >= 1,
                "%s: a timeline of points: %r" % (how, rec["timeline"]))
    dnames = callsites.site_names(callsites.report_json([dpath]))
    snames = callsites.site_names(callsites.report_json([spath]))
    t.check(len(dnames) >= 2 and dnames == snames,
            "the same sites, in the same order: preloaded %r, linked %r"
            % (dnames, snames))
    return d, s

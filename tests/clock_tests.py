"""The tests that read a clock, sleep, wait with a deadline, or start the
test cluster. doc/internals.md lists them, each with why it cannot flake
(its section "Tests that read a clock"); tests/under-load.sh runs that list
on a loaded machine; tests/docs/clock-tests-listed.test checks the list
against the tree, which this finds the same way for both.

    clock_tests.py listed TOP_SRCDIR
        the tests the page lists, one DIR/NAME a line (NAME as in TESTS)
    clock_tests.py found TOP_SRCDIR TOP_BUILDDIR
        the tests whose own file, a program they run (program("NAME") in
        tests/preload and tests/launcher) or the runnable blocks of a page
        they run ("$top_srcdir/doc/PAGE.md" in tests/docs) read a clock,
        sleep, set a timeout or a deadline, or start the cluster, in their
        code (comments aside); TOP_BUILDDIR's Makefiles give the TESTS of
        each folder
    clock_tests.py check TOP_SRCDIR TOP_BUILDDIR
        TAP: every test found is listed, every test listed is a test
"""

import os
import re
import subprocess
import sys
import tempfile

SECTION = "## Tests that read a clock"
ROW = re.compile(r"^\| `(tests/[\w./-]+)` \|")
TIMED = re.compile(
    r"\bsleep\b|nanosleep|usleep|signal\.pause"
    r"|time\.(?:time|monotonic|perf_counter)|monotonic_ns"
    r"|clock_gettime|clock_getres|hl_now_ms|hl_cmd_now_ms|gettimeofday"
    r"|date \+%s|\$SECONDS|timeout|deadline|TIMELIMIT|--time\b"
    r"|cluster\.sh|spank-lib\.sh")
C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
SH_COMMENT = re.compile(r"(?:^|(?<=\s))#(?!!)[^\n]*")
PROGRAM = re.compile(r"""program\(["']([\w-]+)["']\)""")
PAGE = re.compile(r'"\$top_srcdir/doc/([\w-]+\.md)"')
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "docs"))
from doctest import parse_page  # noqa: E402


def listed(top_srcdir):
    """The tests of the page's section, in its order."""
    with open(os.path.join(top_srcdir, "doc", "internals.md")) as f:
        lines = f.read().split("\n")
    start = lines.index(SECTION)
    tests = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        m = ROW.match(line)
        if m:
            tests.append(m.group(1))
    return tests


def _tests_of(builddir):
    """TESTS of the Makefile in builddir, as make expands it (not as a
    make that runs this test would pass it down)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES",
                        "TESTS")}
    with tempfile.NamedTemporaryFile("w", suffix=".mk") as mk:
        mk.write("clock-tests-print:\n\t@echo $(TESTS)\n")
        mk.flush()
        out = subprocess.run(
            ["make", "-s", "--no-print-directory", "-C", builddir,
             "-f", "Makefile", "-f", mk.name, "clock-tests-print"],
            capture_output=True, text=True, check=True, env=env).stdout
    return out.strip().split("\n")[-1].split()


def _source(srcdir, name):
    """The file that a test of TESTS is: itself (a script), or a C or C++
    program's source; None when there is none."""
    for candidate in ((name,) if "." in name else (name + ".c", name + ".cc")):
        path = os.path.join(srcdir, candidate)
        if os.path.isfile(path):
            return path
    return None


def _read(path):
    """The code of a file: its comments left out."""
    with open(path, errors="replace") as f:
        text = f.read()
    if path.endswith((".c", ".cc", ".h")):
        return C_COMMENT.sub("", text)
    return SH_COMMENT.sub("", text)


def _timed(top_srcdir, srcdir, text):
    """Whether text, or a program or page it runs, is timed."""
    if TIMED.search(text):
        return True
    for name in PROGRAM.findall(text):
        path = _source(srcdir, name)
        if path and TIMED.search(_read(path)):
            return True
    for page in PAGE.findall(text):
        with open(os.path.join(top_srcdir, "doc", page)) as f:
            blocks, _ = parse_page(f.read())
        if any(b.kind == "test" and TIMED.search("\n".join(b.body))
               for b in blocks):
            return True
    return False


def _all(top_srcdir, top_builddir):
    """Every test of the tree, in folders at any depth: (DIR/NAME, its file
    or None)."""
    for srcdir, subdirs, files in sorted(os.walk(os.path.join(top_srcdir,
                                                             "tests"))):
        subdirs.sort()
        folder = os.path.relpath(srcdir, top_srcdir)
        builddir = os.path.join(top_builddir, folder)
        if "Makefile.am" in files and \
                os.path.isfile(os.path.join(builddir, "Makefile")):
            for name in _tests_of(builddir):
                yield ("%s/%s" % (folder, name), _source(srcdir, name))


def found(top_srcdir, top_builddir):
    """Every timed test of the tree, DIR/NAME."""
    return [test for test, path in _all(top_srcdir, top_builddir)
            if path and _timed(top_srcdir, os.path.dirname(path),
                               _read(path))]


def check(top_srcdir, top_builddir):
    """TAP lines; whether the page's list and the tree agree."""
    tests = dict(_all(top_srcdir, top_builddir))
    page = listed(top_srcdir)
    missing = [t for t in found(top_srcdir, top_builddir) if t not in page]
    unknown = [t for t in page if t not in tests]
    print("1..3")
    print("%sok 1 - doc/internals.md lists %d tests" % (
        "" if len(page) == len(set(page)) and page else "not ", len(page)))
    print("%sok 2 - every test that reads a clock, sleeps, sets a deadline "
          "or starts the cluster is among them%s" % (
              "not " if missing else "", "".join(
                  "\n# not listed: " + t for t in missing)))
    print("%sok 3 - each of them is a test of its folder's TESTS%s" % (
        "not " if unknown else "", "".join(
            "\n# not a test: " + t for t in unknown)))
    return not missing and not unknown and len(page) == len(set(page))


if __name__ == "__main__":
    if sys.argv[1:2] == ["listed"] and len(sys.argv) == 3:
        print("\n".join(listed(sys.argv[2])))
    elif sys.argv[1:2] == ["found"] and len(sys.argv) == 4:
        print("\n".join(found(sys.argv[2], sys.argv[3])))
    elif sys.argv[1:2] == ["check"] and len(sys.argv) == 4:
        sys.exit(0 if check(sys.argv[2], sys.argv[3]) else 1)
    else:
        sys.exit(__doc__)

"""Shared helpers of the tests of libheapline.so and the heapline launcher.

The tests run programs with the library preloaded and compare what it
prints and records with what the program says it did. The environment comes
from tests/preload/Makefile.am (HEAPLINE_TEST_LIB, ...)."""

import atexit
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

LIB = os.environ.get("HEAPLINE_TEST_LIB", "")
LAUNCHER = os.environ.get("HEAPLINE_TEST_LAUNCHER", "")
PROGRAMS = os.environ.get("HEAPLINE_TEST_PROGRAMS", ".")
PYTHON3 = os.environ.get("PYTHON3") or "/usr/bin/python3"
MANPAGE = os.environ.get("HEAPLINE_TEST_MANPAGE", "")
# Set by tests/aarch64.sh to the library's architecture, where it is not
# the machine's: the test programs run under an emulator, and the
# machine's own programs (Python, the shell) do not load the library.
CROSS = os.environ.get("HEAPLINE_TEST_CROSS", "")

HEADER = ("rank,host,pid,job,elapsed_s,allocs,frees,peak_heap_bytes,"
          "peak_heap_time_s,live_heap_at_exit_bytes,vmhwm_bytes,"
          "vmrss_at_exit_bytes,start_time_s")
# Set by callsites_on_fault_tests.py: every program then runs with sampled
# allocation sites on, at this rate, and its record has their columns.
_SITES_RATE = os.environ.get("HEAPLINE_TEST_SITES_RATE", "")
SITES_COLUMNS = ("sites_rate_bytes", "sites", "modules")
if _SITES_RATE:
    HEADER += "," + ",".join(SITES_COLUMNS)
HEADER += (",program,ppid,timeline,peak_pss_bytes,peak_pss_shmem_bytes,"
           "peak_rss_shmem_bytes")
if _SITES_RATE:
    HEADER += ",sites_dropped"
# The figures of a timeline's point (doc/format.md, The timeline).
POINT = ("t_ms", "heap", "rss", "heap_lo", "rss_lo", "rss_hi", "pss",
         "pss_shmem", "rss_shmem", "t_last", "heap_last")
SIZE = r"(\d+ B|\d+\.\d (?:KiB|MiB|GiB|TiB))"
SUMMARY = re.compile(
    r"^heapline: (\d+) allocs, (\d+) frees, peak %s, live at exit %s, "
    r"VmHWM %s$" % (SIZE, SIZE, SIZE))
TUTORIAL = "x = [bytes(10**6) for i in range(300)]"

# Anything a launcher or an outer heapline may have left in our own
# environment would change what the library reports.
_FOREIGN = re.compile(r"^(LD_PRELOAD|HEAPLINE_.*|SLURM_.*|SLURMD_.*|PMIX_.*|"
                      r"PMI_.*|OMPI_.*|MV2_.*|MPIRUN_.*)$")

failures = []


def check(ok, what):
    """Records a failed expectation; the test goes on to report them all."""
    if not ok:
        failures.append(what)
        print("FAIL:", what)
    return ok


def done():
    if failures:
        print("%d expectation(s) failed" % len(failures))
        sys.exit(1)
    print("ok")
    sys.exit(0)


def skip(why):
    print("SKIP:", why)
    sys.exit(77)


def require_built():
    if not os.path.isfile(LIB):
        skip("library not built: %r" % LIB)


def other_allocators():
    """The allocators that the other_allocator_* tests put after the
    library: the stand-in built here (toyalloc.c), and jemalloc, tcmalloc
    and mimalloc where Debian's packages are installed (libjemalloc2,
    libtcmalloc-minimal4, libmimalloc2.0). Skips without the stand-in."""
    toy = os.path.join(PROGRAMS, "libtoyalloc.so")
    if not os.path.isfile(toy):
        skip("libtoyalloc.so not built")
    found = [toy] + [p for p in (
        "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2",
        "/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4",
        "/usr/lib/x86_64-linux-gnu/libmimalloc.so.2") if os.path.isfile(p)]
    print("allocators:", " ".join(found))
    return found


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if not _FOREIGN.match(k)}
    env["LC_ALL"] = "C"
    # Python's allocations then repeat from one run to the next.
    env["PYTHONHASHSEED"] = "0"
    # Sites are on by default: the tests of everything else turn them off,
    # so that their records have HEADER's columns; the sites' own tests
    # turn them on, and callsites_on_fault_tests.py runs the fault tests
    # with them on (HEAPLINE_TEST_SITES_RATE, below).
    env["HEAPLINE_SITES"] = "0"
    env.update({k: str(v) for k, v in extra.items()})
    return env


def preload_env(output=None, **extra):
    env = clean_env(LD_PRELOAD=LIB, **extra)
    if _SITES_RATE and "HEAPLINE_SITES" not in extra:
        env["HEAPLINE_SITES"] = "1"
        env["HEAPLINE_SITES_RATE"] = _SITES_RATE
    if output is not None:
        env["HEAPLINE_OUTPUT"] = output
    return env


# No time limit: a run takes what the machine gives it, and a deadlock of
# the library is CI's to catch, as a hang.
def run(argv, env, **kw):
    return subprocess.run(argv, env=env, capture_output=True, text=True, **kw)


def program(name):
    return os.path.join(PROGRAMS, name)


_tmpdirs = []


def tmpdir():
    """A scratch directory, removed when the test passes and kept (and
    named) when it fails."""
    path = tempfile.mkdtemp(prefix="heapline-test-")
    _tmpdirs.append(path)
    return path


def fake_libunwind(library):
    """A folder for LD_LIBRARY_PATH in which library (a test library built
    here, such as "libonewalk.so") stands as libunwind.so.8, which
    libheapline.so then opens in place of libunwind."""
    folder = os.path.join(tmpdir(), "lib")
    os.mkdir(folder)
    shutil.copy(program(library), os.path.join(folder, "libunwind.so.8"))
    return folder


def read_sites_record(path):
    """A record with the sites' columns, as a dict of its fields (strings);
    empty if there is no record."""
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        rows = list(csv.reader(l for l in f if not l.startswith("#")))
    return dict(zip(rows[0], rows[1])) if len(rows) == 2 else {}


def _cleanup():
    for path in _tmpdirs:
        if failures:
            print("kept for inspection:", path)
        else:
            shutil.rmtree(path, ignore_errors=True)


atexit.register(_cleanup)


def read_record(path):
    """The record as a dict of typed fields; fails the test if the file is
    not exactly format 1."""
    with open(path, newline="") as f:
        text = f.read()
    lines = text.split("\n")
    check(len(lines) == 4 and lines[3] == "",
          "%s: three lines ending in a newline: %r" % (path, text))
    check(lines[0] == "# heapline 1", "%s: first line %r" % (path, lines[0]))
    check(lines[1] == HEADER, "%s: header %r" % (path, lines[1]))
    row = next(csv.reader([lines[2]]))
    names = HEADER.split(",")
    if not check(len(row) == len(names), "%s: %d fields" % (path, len(row))):
        sys.exit(1)
    rec = dict(zip(names, row))
    for name in ("rank", "pid", "allocs", "frees", "peak_heap_bytes",
                 "live_heap_at_exit_bytes", "vmhwm_bytes",
                 "vmrss_at_exit_bytes", "ppid"):
        check(re.fullmatch(r"-?\d+", rec[name]) is not None,
              "%s: %s=%r is an integer" % (path, name, rec[name]))
        rec[name] = int(rec[name])
    for name in ("elapsed_s", "peak_heap_time_s"):
        check(re.fullmatch(r"\d+\.\d{3}", rec[name]) is not None,
              "%s: %s=%r has three decimals" % (path, name, rec[name]))
        rec[name] = float(rec[name])
    check(re.fullmatch(r"\d+\.\d{9}", rec["start_time_s"]) is not None,
          "%s: start_time_s=%r has nine decimals" % (path, rec["start_time_s"]))
    rec["start_time_s"] = float(rec["start_time_s"])
    return rec


def points(rec):
    """The points of a record's timeline, each a dict of POINT's figures
    (None where empty); fails the test if its version word is not v3."""
    words = rec["timeline"].split()
    check(words[:1] == ["v3"], "timeline of version 3: %r" % words[:1])
    found = []
    for word in words[1:]:
        figures = word.split(":")
        check(len(figures) == len(POINT), "a point of %d figures: %r"
              % (len(POINT), word))
        found.append({k: int(v) if v else None
                      for k, v in zip(POINT, figures)})
    return found


def expectations(stdout):
    """The '[pid=N] expect key=value...' lines a test program prints, as
    dicts."""
    found = []
    for line in stdout.splitlines():
        words = line.split()
        if "expect" in words:
            words.remove("expect")
            found.append({k: int(v) for k, v in
                          (w.split("=") for w in words)})
    return found


def summary_lines(stderr):
    return [l for l in stderr.splitlines() if l.startswith("heapline:")]


def check_counted(prog, preload=None, **extra):
    """Runs a counts_* or threads_* program under the library twice, as
    "baseline" (what the C or C++ runtime allocates by itself) and for real,
    and checks that the record minus the baseline is exactly what the
    program computed from malloc_usable_size. preload: LD_PRELOAD to use
    instead of the library alone; extra: more of the environment."""
    work = tmpdir()
    name = os.path.basename(prog)

    def measured(args, tag):
        out = os.path.join(work, tag + ".csv")
        env = preload_env(out, **extra)
        if preload:
            env["LD_PRELOAD"] = preload
        res = run([prog] + args, env)
        check(res.returncode == 0, "%s %s exits 0, stderr: %s"
              % (name, args, res.stderr))
        exp = expectations(res.stdout)
        if not check(len(exp) == 1, "%s: one expect line: %r"
                     % (name, res.stdout)):
            done()
        return read_record(out), exp[0], res

    base, _, _ = measured(["baseline"], "baseline")
    rec, exp, res = measured([], "run")
    got = {
        "allocs": rec["allocs"] - base["allocs"],
        "frees": rec["frees"] - base["frees"],
        "live": rec["live_heap_at_exit_bytes"]
        - base["live_heap_at_exit_bytes"],
    }
    for key in ("allocs", "frees", "live"):
        check(got[key] == exp[key], "%s %s: record %d (over baseline), "
              "program %d" % (name, key, got[key], exp[key]))
    if "peak" in exp:
        want = max(base["peak_heap_bytes"],
                   base["live_heap_at_exit_bytes"] + exp["peak"])
        check(rec["peak_heap_bytes"] == want, "%s peak: record %d, "
              "expected %d" % (name, rec["peak_heap_bytes"], want))
    if "peak_within_bound" in exp:
        peak = rec["peak_heap_bytes"]
        bound = (1 << 20) + peak // 1000
        want = base["peak_heap_bytes"] + exp["peak_within_bound"]
        check(abs(peak - want) <= bound, "%s: peak %d within %d of %d "
              "(off by %d)" % (name, peak, bound, want, peak - want))
    # The summary line tells the same counts as the record.
    lines = summary_lines(res.stderr)
    check(len(lines) == 1, "%s: one summary line: %r" % (name, res.stderr))
    if lines:
        m = SUMMARY.match(lines[0])
        check(m and int(m.group(1)) == rec["allocs"]
              and int(m.group(2)) == rec["frees"],
              "%s: summary %r agrees with the record" % (name, lines[0]))


REPORT = os.environ.get("HEAPLINE_TEST_REPORT", "")
WARNING = "heapline: cannot write the record "


def read_provisional(path):
    """The record that a process which never exited leaves: format 1 with
    a last column end=unfinished and zero-padded figures, as typed fields;
    fails the test if it is anything else."""
    with open(path, newline="") as f:
        text = f.read()
    lines = text.split("\n")
    check(len(lines) == 4 and lines[3] == "",
          "%s: three lines ending in a newline: %r" % (path, text))
    check(lines[0] == "# heapline 1", "%s: first line %r" % (path, lines[0]))
    check(lines[1] == HEADER + ",end", "%s: header %r" % (path, lines[1]))
    names = lines[1].split(",")
    row = next(csv.reader([lines[2]]))
    if not check(len(row) == len(names), "%s: %d fields" % (path, len(row))):
        sys.exit(1)
    rec = dict(zip(names, row))
    check(rec["end"] == "unfinished", "%s: end=%r" % (path, rec["end"]))
    for name in ["rank", "pid", "ppid"] + names[4:12]:
        rec[name] = float(rec[name]) if name.endswith("_s") else int(rec[name])
    return rec


def holding_record(folder):
    """The processes that hold a file of the folder open as their fd 3:
    the refresher holds its process's record so from before it executes."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            target = os.readlink("/proc/%s/fd/3" % pid)
        except OSError:
            continue
        if target.startswith(folder):
            found.append(pid)
    return found


def refreshers_gone(folder):
    """Waits, as long as it takes, until no process holds a file of the
    folder as its fd 3 (a hang here is CI's to catch)."""
    while holding_record(folder):
        time.sleep(0.05)


def unchanged(argv, output, what, warnings=1, **run_kw):
    """Runs argv without heapline, then with it writing its record to
    output (HEAPLINE_QUIET=1: no summary line), and checks that stdout,
    stderr (but for `warnings` lines of heapline's warning) and the exit
    status are the same. Returns the run under heapline."""
    plain = run(argv, clean_env(), **run_kw)
    res = run(argv, preload_env(output, HEAPLINE_QUIET=1), **run_kw)
    check(res.returncode == plain.returncode,
          "%s: exit status %d, %d without heapline"
          % (what, res.returncode, plain.returncode))
    check(res.stdout == plain.stdout, "%s: stdout %r, %r without heapline"
          % (what, res.stdout, plain.stdout))
    lines = res.stderr.splitlines(keepends=True)
    ours = [l for l in lines if l.startswith(WARNING)]
    rest = "".join(l for l in lines if not l.startswith(WARNING))
    check(len(ours) == warnings, "%s: %d heapline warning(s): %r"
          % (what, warnings, ours))
    check(rest == plain.stderr, "%s: the rest of stderr %r, %r without "
          "heapline" % (what, rest, plain.stderr))
    return res


def as_nobody():
    """The argv prefix that runs a command as user nobody, when root has
    setpriv; None otherwise."""
    if os.getuid() != 0 or not shutil.which("setpriv"):
        return None
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

#!/usr/bin/env python3
"""Overhead benchmarks of heapline: each workload with no tool, under
libheapline.so, under glibc's libmemusage.so and under heaptrack; the
instructions heapline adds to each entry point (callgrind, instructions.py);
the instructions of whole real programs with sites on and off (programs.py);
then the report against `cat` of the same records (per-task files, and
merged node files up to a million ranks: report_bench.py), the time Chromium
takes to open the HTML page of 100,000 ranks (page_bench.py), and the SPANK
plugin against plain srun when a test cluster is up.

The tools run in a rotated order within each repetition, so a slow phase of a
shared machine falls on each tool in turn. Figures are medians of wall time
(monotonic clock) and medians of the per-repetition ratios to "none": a ratio
taken within one repetition cancels the drift between repetitions.

`make bench` runs this with the paths of the build tree; pass more options
with `make bench BENCH_FLAGS="..."`, see --help.
"""

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # the source tree may be read-only
import gen_records  # noqa: E402
import instructions  # noqa: E402
import page_bench  # noqa: E402
import plugin_bench  # noqa: E402
import programs  # noqa: E402
import pss_bench  # noqa: E402
import report_bench  # noqa: E402

TIME = "/usr/bin/time"
TOOLS = ["none", "heapline", "heapline-sites", "memusage", "heaptrack"]

# Goals of issue 5 for heapline: median ratio to no preload.
GOALS = {
    "a": 1.10,
    "b2": 1.20,
    "b8": 1.20,
    "c": 1.05,
    "d": 1.03,
    "py-bytes": 1.02,
    "py-bytes-malloc": 1.02,
    "py-dict": 1.02,
    "py-dict-malloc": 1.02,
    # Issue 16: another allocator underneath.
    "a-jemalloc": 1.25,
    "a-tcmalloc": 1.25,
}

MEMUSAGE_PATHS = [
    "/usr/lib/x86_64-linux-gnu/libmemusage.so",
    "/lib/x86_64-linux-gnu/libmemusage.so",
    "/usr/lib64/libmemusage.so",
]


class Workload:
    def __init__(self, name, what, argv, env=None, allocator=None):
        self.name = name
        self.what = what
        self.argv = argv
        self.env = env or {}
        # Preloaded after the tool, as a program linked with it has it.
        self.allocator = allocator


def _scaled(n, scale):
    return str(max(1, int(n * scale)))


def workloads(args):
    """The workloads of issue 5, with their iteration counts times --scale."""
    b, py, s = args.bindir, args.python, args.scale
    churn = os.path.join(b, "bench-churn")
    churn_a = [churn, "1", _scaled(20e6, s), "1000"]
    bytes_code = "x = [bytes(10**6) for i in range(%s)]" % _scaled(300, s)
    dict_code = "d={str(i):[i]*3 for i in range(%s)}" % _scaled(2000000, s)
    pymalloc = {"PYTHONMALLOC": "malloc"}
    return [
        Workload("a", "1 thread, 20M malloc/free pairs of 16..512 B, "
                 "1,000 live", churn_a),
        Workload("b2", "(a) split over 2 threads",
                 [churn, "2", _scaled(20e6, s), "1000"]),
        Workload("b8", "(a) split over 8 threads",
                 [churn, "8", _scaled(20e6, s), "1000"]),
        Workload("c", "2M blocks of 64 B allocated, then freed",
                 [os.path.join(b, "bench-growth"), _scaled(2e6, s)]),
        Workload("d", "10M reallocs of 1,000 slots to 16..2048 B",
                 [os.path.join(b, "bench-realloc"), _scaled(10e6, s), "1000"]),
        Workload("py-bytes", "python3: 300 bytes(10**6)",
                 [py, "-c", bytes_code]),
        Workload("py-bytes-malloc", "the same, PYTHONMALLOC=malloc",
                 [py, "-c", bytes_code], pymalloc),
        Workload("py-dict", "python3: dict of 2M lists",
                 [py, "-c", dict_code]),
        Workload("py-dict-malloc", "the same, PYTHONMALLOC=malloc",
                 [py, "-c", dict_code], pymalloc),
        Workload("cxx", "C++: 5M insertions or erasures in a "
                 "std::map<std::string, std::string> of 1,000 entries",
                 [os.path.join(b, "bench-cxx"), "map", _scaled(5e6, s)]),
        Workload("a-jemalloc", "(a) with jemalloc preloaded after the tool",
                 churn_a, allocator=instructions.ALLOCATORS["jemalloc"]),
        Workload("a-tcmalloc", "(a) with tcmalloc preloaded after the tool",
                 churn_a, allocator=instructions.ALLOCATORS["tcmalloc"]),
    ]


def clean_env():
    """The caller's environment without any preload or heapline setting, so
    that "none" really runs with nothing."""
    env = dict(os.environ)
    for k in list(env):
        if k == "LD_PRELOAD" or k.startswith("HEAPLINE_") or \
                k.startswith("MEMUSAGE_") or k == "PYTHONMALLOC":
            del env[k]
    return env


def wrap(tool, w, args, scratch):
    """argv and environment that run workload w under tool."""
    env = clean_env()
    env.update(w.env)
    argv = list(w.argv)
    preload = []
    if tool in ("heapline", "heapline-sites"):
        preload.append(args.heapline_lib)
        env["HEAPLINE_QUIET"] = "1"
        # A record is written as in production; its cost is part of the run.
        env["HEAPLINE_OUTPUT"] = os.path.join(scratch, "heapline-%p.csv")
        # Sites are on by default: "heapline" is the library without them.
        env["HEAPLINE_SITES"] = "1" if tool == "heapline-sites" else "0"
    elif tool == "memusage":
        preload.append(args.memusage_lib)
    elif tool in args.preload:
        preload.append(args.preload[tool])
    elif tool == "heaptrack":
        argv = [args.heaptrack, "-o", os.path.join(scratch, "heaptrack.%p")] \
            + argv
    if w.allocator:
        preload.append(w.allocator)
    if preload:
        env["LD_PRELOAD"] = " ".join(preload)
    return argv, env


def run_timed(argv, env=None):
    """(wall seconds, exit status, CPU seconds) of one run, output
    discarded. CPU time is user + system of the process and of every
    descendant it waited for (heaptrack's interpreter, too)."""
    start = time.monotonic()
    p = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, p.returncode, usage.ru_utime + usage.ru_stime


def rotated(items, rep):
    k = rep % len(items)
    return items[k:] + items[:k]


def progress(msg):
    print(msg, file=sys.stderr, flush=True)


def bench_workloads(args, chosen):
    """Wall and CPU times, each {workload: {tool: [seconds per repetition
    or None]}}, and the load average (1 min) before each repetition of
    each workload, {workload: [load]}."""
    times = {w.name: {t: [None] * args.reps for t in args.tools}
             for w in chosen}
    cpu_times = {w.name: {t: [None] * args.reps for t in args.tools}
                 for w in chosen}
    loads = {w.name: [] for w in chosen}
    failed = set()
    scratch = tempfile.mkdtemp(prefix="heapline-bench-")
    try:
        for rep in range(args.reps):
            for w in chosen:
                loads[w.name].append(os.getloadavg()[0])
                for tool in rotated(args.tools, rep):
                    if rep >= args.tool_reps.get(tool, args.reps) or \
                            (w.name, tool) in failed:
                        continue
                    argv, env = wrap(tool, w, args, scratch)
                    wall, rc, cpu = run_timed(argv, env)
                    for f in os.listdir(scratch):
                        os.unlink(os.path.join(scratch, f))
                    if rc != 0:
                        progress("%s under %s failed (exit %d): %s" %
                                 (w.name, tool, rc, " ".join(argv)))
                        failed.add((w.name, tool))
                        continue
                    times[w.name][tool][rep] = wall
                    cpu_times[w.name][tool][rep] = cpu
                    progress("rep %d/%d  %-16s %-9s %8.3f s  cpu %8.3f s" %
                             (rep + 1, args.reps, w.name, tool, wall, cpu))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return times, cpu_times, loads


def ratios(tool_times, base_times):
    return [t / b for t, b in zip(tool_times, base_times)
            if t is not None and b is not None]


def median_or_none(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def available(w):
    return not w.allocator or os.path.exists(w.allocator)


def workload_table(args, chosen, times):
    """Rows of the workload table: medians, and median ratios to none."""
    head = ["workload"] + [t for t in args.tools]
    if "heapline" in args.tools and "none" in args.tools:
        head += ["heapline goal", "heapline ratio range"]
    rows = []
    for w in chosen:
        row = [w.name]
        base = times[w.name].get("none")
        for tool in args.tools:
            med = median_or_none(times[w.name][tool])
            if med is None:
                row.append("failed" if any(
                    x is None for x in times[w.name][tool]) else "-")
                continue
            cell = "%.3f s" % med
            if tool != "none" and base is not None:
                r = ratios(times[w.name][tool], base)
                if r:
                    cell += " (%.2f)" % statistics.median(r)
            row.append(cell)
        if len(head) > len(row):
            r = ratios(times[w.name]["heapline"], base)
            goal = GOALS.get(w.name)
            if r and goal:
                met = statistics.median(r) <= goal
                row.append("≤ %.2f %s" % (goal, "met" if met else "MISSED"))
                row.append("%.2f-%.2f" % (min(r), max(r)))
            else:
                row += ["-", "-"]
        rows.append(row)
    return head, rows


def peak_rss(argv):
    """Peak RSS of one run of argv, by GNU time (Debian package "time"). Not
    by wait4 here: a child spawned by this Python starts with the
    interpreter's own high-water mark, about 16 MiB."""
    if not os.access(TIME, os.X_OK):
        return "- (no %s)" % TIME
    with tempfile.NamedTemporaryFile("r") as out:
        run_timed([TIME, "-f", "%M", "-o", out.name] + argv)
        return "%.1f MiB" % (int(out.read().split()[-1]) / 1024)


def cpu_table(args, chosen, cpu_times, loads):
    """Rows of median ratios of CPU time to none, less moved by other load
    on a shared machine than wall time, with heapline's goal and the load
    average (1 min) seen before the repetitions: median (range)."""
    tools = [t for t in args.tools if t != "none"]
    rows = []
    for w in chosen:
        row = [w.name]
        for tool in tools:
            r = ratios(cpu_times[w.name][tool], cpu_times[w.name]["none"])
            row.append("%.2f" % statistics.median(r) if r else "-")
        r = ratios(cpu_times[w.name].get("heapline", []),
                   cpu_times[w.name]["none"])
        goal = GOALS.get(w.name)
        row.append("≤ %.2f %s" % (goal, "met" if statistics.median(r) <= goal
                                  else "MISSED") if r and goal else "-")
        row.append("%.1f (%.1f-%.1f)" % (statistics.median(loads[w.name]),
                                         min(loads[w.name]),
                                         max(loads[w.name])))
        rows.append(row)
    return ["workload"] + tools + ["heapline goal", "load"], rows


def bench_report(args):
    """Rows of the report table: heapline-report against cat of the same
    records, warm cache, for each number of ranks."""
    head = ["ranks", "files", "cat", "heapline-report", "ratio",
            "per record", "report peak RSS"]
    rows = []
    for ranks in args.report_ranks:
        d = tempfile.mkdtemp(prefix="heapline-bench-records-")
        try:
            gen_records.write_records(d, ranks, args.report_nodes)
            cat = ["sh", "-c", 'find "$1" -type f -print0 | xargs -0 cat',
                   "sh", d]
            # Without Slurm: its queries cost the same whatever the number
            # of records, and are Slurm's time, not the report's.
            report = [args.heapline_report, "--no-sacct", d]
            run_timed(cat)  # warm the page cache
            wall, rc, _ = run_timed(report)
            if rc != 0:
                progress("heapline-report failed (exit %d) on %d records"
                         % (rc, ranks))
                rows.append([str(ranks), str(ranks), "-", "failed", "-", "-",
                             "-"])
                continue
            t = {"cat": [], "report": []}
            for rep in range(args.reps):
                for which in rotated(["cat", "report"], rep):
                    wall, _, _ = run_timed(cat if which == "cat" else report)
                    t[which].append(wall)
                progress("report %7d records rep %d/%d  cat %.3f s  "
                         "report %.3f s" % (ranks, rep + 1, args.reps,
                                            t["cat"][-1], t["report"][-1]))
            r = statistics.median(ratios(t["report"], t["cat"]))
            med = statistics.median(t["report"])
            rows.append([str(ranks), str(ranks),
                         "%.3f s" % statistics.median(t["cat"]),
                         "%.3f s" % med, "%.2f" % r,
                         "%.1f µs" % (med / ranks * 1e6),
                         peak_rss(report)])
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return head, rows


# Threads, blocks per thread, largest block: many small blocks leave each
# thread a remainder below any folding threshold; big blocks cross it.
LAG_SHAPES = [(2, 1000, 4096), (8, 1000, 4096), (8, 100000, 64),
              (8, 20, 1 << 20)]


def read_record(path):
    """The data row of a format-1 record, as a dict by the header's names."""
    with open(path) as f:
        lines = [ln.rstrip("\n") for ln in f if not ln.startswith("#")]
    return dict(zip(lines[0].split(","), lines[1].split(",")))


def bench_accuracy(args):
    """Rows of the peak-lag table: the peak that libheapline.so records
    against what peak-lag held at its barrier, for each shape, worst of
    --reps runs. The bound is issue 5's: 1 MiB + 0.1 % of the peak."""
    head = ["threads", "blocks each", "sizes", "held at peak", "worst lag",
            "bound", "worst time lag"]
    rows = []
    scratch = tempfile.mkdtemp(prefix="heapline-bench-lag-")
    try:
        for threads, blocks, max_size in LAG_SHAPES:
            worst, worst_t, held = None, None, 0
            for _ in range(args.reps):
                rec = os.path.join(scratch, "lag.csv")
                env = clean_env()
                env.update(LD_PRELOAD=args.heapline_lib, HEAPLINE_QUIET="1",
                           HEAPLINE_OUTPUT=rec)
                out = subprocess.run(
                    [os.path.join(args.bindir, "peak-lag"), str(threads),
                     str(blocks), str(max_size)],
                    env=env, stdout=subprocess.PIPE, text=True, check=True)
                truth = dict(ln.split() for ln in out.stdout.splitlines())
                held = int(truth["held_at_peak_bytes"])
                got = read_record(rec)
                lag = held - int(got["peak_heap_bytes"])
                lag_t = abs(float(got["peak_heap_time_s"]) -
                            float(truth["peak_time_s"]))
                worst = lag if worst is None else max(worst, lag)
                worst_t = lag_t if worst_t is None else max(worst_t, lag_t)
            bound = (1 << 20) + held // 1000
            rows.append([str(threads), str(blocks), "16..%d B" % max_size,
                         "%d B" % held, "%d B" % worst,
                         "%d B %s" % (bound, "met" if worst <= bound
                                      else "MISSED"),
                         "%.3f s" % worst_t])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return head, rows


def text_table(head, rows):
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
                     for r in [head] + rows)


def markdown_table(head, rows):
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d CPUs, Linux %s, glibc %s, %s" % (
        cpu, os.cpu_count(), platform.release(),
        platform.libc_ver()[1] or "?",
        time.strftime("%Y-%m-%d", time.gmtime()))


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bindir", default=".",
                   help="where the programs bench-churn, bench-growth, "
                        "bench-realloc and peak-lag are")
    p.add_argument("--heapline-lib", required=True,
                   help="path of libheapline.so")
    p.add_argument("--heapline-report", default="heapline-report")
    p.add_argument("--memusage-lib",
                   default=next((m for m in MEMUSAGE_PATHS
                                 if os.path.exists(m)), MEMUSAGE_PATHS[0]))
    p.add_argument("--heaptrack", default="heaptrack")
    p.add_argument("--python", default="/usr/bin/python3",
                   help="interpreter of the python workloads (not a shim)")
    p.add_argument("--parts",
                   default="workloads,instructions,programs,report,"
                           "accuracy,page,plugin,pss",
                   help="comma list of workloads, instructions, programs, "
                        "report, accuracy, page, plugin, pss")
    p.add_argument("--workloads", default="all",
                   help="comma list of a,b2,b8,c,d,py-bytes,py-bytes-malloc,"
                        "py-dict,py-dict-malloc,cxx,a-jemalloc,a-tcmalloc "
                        "(default all)")
    p.add_argument("--bare-lib",
                   help="the bare forwarding interposer (bare-forward.so), "
                        "for the instructions part")
    p.add_argument("--instr-calls", dest="calls", type=int, default=20000,
                   help="calls of the shorter run of each workload in the "
                        "instructions part (the longer makes twice as many; "
                        "realloc's runs are ten times longer)")
    p.add_argument("--allocators", default=",".join(instructions.ALLOCATORS),
                   help="allocators of the instructions part, a comma list "
                        "of " + ",".join(instructions.ALLOCATORS))
    p.add_argument("--instr-workloads", default="",
                   help="comma list of the instructions part's workloads "
                        "(default all)")
    p.add_argument("--program-scale", type=float, default=1.0,
                   help="size of the programs part's programs: 1 is a "
                        "dict of 2 million entries, 100 functions for cc1, "
                        "1 MiB for xz -9, and 6,912 atoms for 200 steps "
                        "for LAMMPS' in.lj")
    p.add_argument("--programs", default="",
                   help="comma list of the programs part's programs: "
                        "py-dict-malloc,gcc-cc1,xz-9,lammps-lj (default all)")
    p.add_argument("--tools", default=",".join(TOOLS),
                   help="comma list of " + ",".join(TOOLS) +
                        " and the names given by --preload")
    p.add_argument("--preload", action="append", default=[],
                   metavar="NAME=PATH",
                   help="one more tool NAME, that preloads the library PATH "
                        "(name it in --tools too)")
    p.add_argument("--reps", type=int, default=5,
                   help="repetitions (default 5)")
    p.add_argument("--tool-reps", action="append", default=[],
                   metavar="TOOL=N",
                   help="fewer repetitions for one slow tool, e.g. "
                        "heaptrack=3")
    p.add_argument("--scale", type=float, default=1.0,
                   help="multiply every iteration count, e.g. 0.1 for a "
                        "quick pass (committed figures use 1)")
    p.add_argument("--report-ranks", default="1000,10000,100000")
    p.add_argument("--report-nodes", type=int, default=1000)
    p.add_argument("--node-ranks", default="10000,100000,1000000",
                   help="ranks of the report part's runs over merged node "
                        "files, %d a node (empty: none)"
                        % report_bench.RANKS_PER_NODE)
    p.add_argument("--page-ranks", type=int, default=100000,
                   help="ranks of the page part's job (default 100000)")
    p.add_argument("--page-nodes", type=int, default=1000,
                   help="nodes of the page part's job (default 1000)")
    p.add_argument("--spank-plugin", default="heapline.so",
                   help="path of the SPANK plugin, for the plugin part")
    p.add_argument("--plugin-reps", type=int, default=15,
                   help="repetitions of the plugin part (default 15)")
    p.add_argument("--markdown", metavar="FILE",
                   help="also write the tables as Markdown to FILE")
    args = p.parse_args()
    args.parts = args.parts.split(",")
    args.tools = args.tools.split(",")
    args.preload = dict(x.split("=", 1) for x in args.preload)
    bad = set(args.tools) - set(TOOLS) - set(args.preload)
    if bad:
        p.error("unknown tool(s): " + ",".join(sorted(bad)))
    args.tool_reps = {k: int(v) for k, v in
                      (x.split("=", 1) for x in args.tool_reps)}
    args.report_ranks = [int(x) for x in args.report_ranks.split(",")]
    args.node_ranks = [int(x) for x in args.node_ranks.split(",") if x]
    args.allocators = [a for a in args.allocators.split(",")
                       if not instructions.ALLOCATORS.get(a, "") or
                       os.path.exists(instructions.ALLOCATORS[a])]
    args.programs = [x for x in args.programs.split(",") if x]
    args.instr_workloads = [w for w in args.instr_workloads.split(",") if w]
    if "instructions" in args.parts and not args.bare_lib:
        p.error("the instructions part needs --bare-lib")
    if args.reps < 1:
        p.error("--reps must be at least 1")
    return args


def main():
    args = parse_args()
    load_start = os.getloadavg()[0]
    text, md = [], []
    header = "Machine: %s. Medians of %d repetition%s%s." % (
        machine(), args.reps, "s" if args.reps > 1 else "",
        "".join(", %s %d" % kv for kv in sorted(args.tool_reps.items())))
    if args.scale != 1:
        header += " Iteration counts scaled by %g." % args.scale
    text.append(header)
    md.append(header)

    if "workloads" in args.parts:
        every = workloads(args)
        names = [w.name for w in every]
        want = names if args.workloads == "all" else \
            args.workloads.split(",")
        bad = set(want) - set(names)
        if bad:
            sys.exit("unknown workload(s): " + ",".join(sorted(bad)))
        chosen = [w for w in every if w.name in want and available(w)]
        times, cpu_times, loads = bench_workloads(args, chosen)
        head, rows = workload_table(args, chosen, times)
        text += ["", "Workloads: median wall time (median ratio to none)",
                 text_table(head, rows)]
        md += ["", "Median wall time, and in parentheses the median of the "
               "per-repetition ratios to none:", "", markdown_table(head, rows)]
        if "none" in args.tools and len(args.tools) > 1:
            head, rows = cpu_table(args, chosen, cpu_times, loads)
            title = ("CPU time (user + system): median ratio to none, and "
                     "the load average (1 min) before the repetitions")
            text += ["", title, text_table(head, rows)]
            md += ["", title + ":", "", markdown_table(head, rows)]
        legend = [[w.name, w.what] for w in chosen]
        md += ["", markdown_table(["workload", "what"], legend)]

    if "instructions" in args.parts:
        costs = instructions.run(args, clean_env(), progress)
        title = ("Instructions per call (callgrind): none's, and what the "
                 "bare interposer and heapline add")
        head, rows = instructions.table(costs, args)
        text += ["", title, text_table(head, rows)]
        md += ["", title + ":", "", markdown_table(head, rows)]
        title = "Instructions of the whole program: ratio to none"
        head, rows = instructions.ratio_table(costs, args)
        text += ["", title, text_table(head, rows)]
        md += ["", title + ":", "", markdown_table(head, rows)]
        head, rows, over = instructions.budget_table(costs)
        if rows:
            title = "Budgets (issues 16 and 32)"
            text += ["", title, text_table(head, rows)]
            md += ["", title + ":", "", markdown_table(head, rows)]

    if "programs" in args.parts:
        found = programs.run(args, clean_env(), progress)
        title = ("Whole programs (callgrind): instructions with sites on "
                 "and off, one run of each, under libheapline.so (issue 32)")
        head, rows, _ = programs.table(found)
        text += ["", title, text_table(head, rows)]
        md += ["", title + ":", "", markdown_table(head, rows)]
        legend = [[p.name, p.what] for p, _, _ in found]
        text += [text_table(["program", "what"], legend)]
        md += ["", markdown_table(["program", "what"], legend)]

    if "report" in args.parts:
        head, rows = bench_report(args)
        title = ("Report: heapline-report --no-sacct DIR against cat of the "
                 "same files (%d nodes)" % args.report_nodes)
        text += ["", title, text_table(head, rows)]
        md += ["", title + ":", "", markdown_table(head, rows)]

    if "report" in args.parts and args.node_ranks:
        head, rows, verdicts = report_bench.run(args, progress, run_timed,
                                                rotated)
        title = ("Report over merged node files (layout=node), %d ranks a "
                 "node, against cat of the same files; goals: at most %.0fx "
                 "cat, %d MiB, one file per node and report.txt"
                 % (report_bench.RANKS_PER_NODE, report_bench.GOAL_RATIO,
                    report_bench.GOAL_RSS_MIB))
        text += ["", title, text_table(head, rows)] + verdicts
        md += ["", title + ":", "", markdown_table(head, rows)]
        md += ["", *verdicts] if verdicts else []

    if "accuracy" in args.parts:
        head, rows = bench_accuracy(args)
        title = ("Peak lag with threads: held at the barrier minus the "
                 "recorded peak (negative: the record also counts what the "
                 "process held before)")
        text += ["", title, text_table(head, rows)]
        md += ["", title + ":", "", markdown_table(head, rows)]

    if "page" in args.parts:
        res = page_bench.run(args, progress, rotated)
        if res:
            head, rows, verdict = res
            title = ("Page: Chromium (headless) opening heapline-report's "
                     "HTML page, the page's own clock from the navigation's "
                     "start")
            text += ["", title, text_table(head, rows), verdict]
            md += ["", title + ":", "", markdown_table(head, rows), "",
                   verdict]
        else:
            text += ["", "Page: skipped (no chromium)"]
            md += ["", "Page: skipped (no chromium)."]

    if "plugin" in args.parts:
        res = plugin_bench.run(args, clean_env(), progress, args.spank_plugin)
        if res:
            title = ("Plugin: the step's end, medians of %d interleaved "
                     "repetitions" % args.plugin_reps)
            text += ["", title, text_table(*res)]
            md += ["", title + ":", "", markdown_table(*res)]
        else:
            text += ["", "Plugin: skipped (no test cluster)"]
            md += ["", "Plugin: skipped (no test cluster)."]

    if "pss" in args.parts:
        head, rows = pss_bench.run(args, progress)
        title = ("Readings of Pss: the least CPU time of one reading of "
                 "/proc/self/smaps_rollup, its ratio to one of VmRSS, and "
                 "the CPU time the budget of 0.5% puts between two")
        text += ["", title, text_table(head, rows)]
        md += ["", title + ":", "", markdown_table(head, rows)]

    load = "Load average (1 min) of the machine: %.1f at the start, %.1f " \
        "at the end." % (load_start, os.getloadavg()[0])
    text.insert(1, load)
    md.insert(1, load)
    print("\n".join(text))
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(md) + "\n")


if __name__ == "__main__":
    main()

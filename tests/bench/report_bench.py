"""The report's part of `make bench` at scale (issue 14): merged node
files, one per node, as layout=node leaves them, written by the SPANK
plugin's own merge (gen-node-files), 125 ranks a node: 8,000 node files
for 1,000,000 ranks. For each size: heapline-report --no-sacct over them
against `cat` of the same bytes, interleaved, warm cache; its peak RSS;
its CPU time per rank, which should not grow with the ranks; and the files
created in the step folder (inotify) while the node files are merged and
the report writes report.txt there, as srun's report does.

Goals: at most 3x cat (median of the per-repetition ratios of wall time),
at most 256 MiB, per-rank CPU time at the largest size at most 1.5x that
at the smallest ("flat"), files created = nodes + 1.
"""

import ctypes
import os
import select
import shutil
import statistics
import struct
import subprocess
import tempfile

RANKS_PER_NODE = 125
GOAL_RATIO = 3.0
GOAL_RSS_MIB = 256
GOAL_FLAT = 1.5
TIME = "/usr/bin/time"

_IN_CREATE = 0x100
_IN_Q_OVERFLOW = 0x4000


class _Creates:
    """Counts the files created in one folder (inotify's IN_CREATE): a
    parallel file system's metadata server sees each of them."""

    def __init__(self, path):
        self._libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self._libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0 or self._libc.inotify_add_watch(
                self.fd, path.encode(), _IN_CREATE) < 0:
            raise OSError(ctypes.get_errno(), "inotify on " + path)
        self.names = set()
        self.count = 0
        self.overflow = False

    def drain(self, wait_s=0):
        if not select.select([self.fd], [], [], wait_s)[0]:
            return
        while True:
            try:
                buf = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return
            off = 0
            while off < len(buf):
                _, mask, _, n = struct.unpack_from("iIII", buf, off)
                name = buf[off + 16:off + 16 + n].rstrip(b"\0")
                off += 16 + n
                if mask & _IN_Q_OVERFLOW:
                    self.overflow = True
                elif mask & _IN_CREATE:
                    self.count += 1
                    self.names.add(name)

    def close(self):
        os.close(self.fd)


def _write_step(gen, d, local, ranks, nodes, report):
    """Writes the node files and report.txt into d, counting the files
    created there: (created, left in d, overflowed)."""
    creates = _Creates(d)
    try:
        p = subprocess.Popen([gen, d, local, str(ranks), str(nodes)])
        while p.poll() is None:
            creates.drain(0.2)
        if p.returncode != 0:
            raise subprocess.CalledProcessError(p.returncode, gen)
        with open(os.path.join(d, "report.txt"), "w") as out:
            subprocess.run(report, stdout=out, stderr=subprocess.DEVNULL)
        creates.drain(0.2)
        return creates.count, len(os.listdir(d)), creates.overflow
    finally:
        creates.close()


def _peak_rss_mib(argv):
    """Peak RSS by GNU time (see run-bench.py's peak_rss); None without
    it."""
    if not os.access(TIME, os.X_OK):
        return None
    with tempfile.NamedTemporaryFile("r") as out:
        subprocess.run([TIME, "-f", "%M", "-o", out.name] + argv,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return int(out.read().split()[-1]) / 1024


def _met(ok):
    return "met" if ok else "MISSED"


def run(args, progress, run_timed, rotated):
    """(head, rows, verdicts): the node-files table and one line per
    goal."""
    head = ["ranks", "node files", "bytes", "cat", "heapline-report",
            "ratio", "CPU ratio", "CPU per rank", "peak RSS",
            "files created"]
    rows, per_rank, verdicts = [], [], []
    gen = os.path.join(args.bindir, "gen-node-files")
    for ranks in args.node_ranks:
        nodes = max(1, -(-ranks // RANKS_PER_NODE))
        d = tempfile.mkdtemp(prefix="hl-bench-step-")
        local = tempfile.mkdtemp(prefix="hl-bench-local-",
                                 dir="/dev/shm" if os.access(
                                     "/dev/shm", os.W_OK) else None)
        try:
            progress("report: writing %d ranks in %d node files" %
                     (ranks, nodes))
            report = [args.heapline_report, "--no-sacct", d]
            created, left, overflow = _write_step(gen, d, local, ranks,
                                                  nodes, report)
            os.unlink(os.path.join(d, "report.txt"))
            size = sum(os.path.getsize(os.path.join(d, f))
                       for f in os.listdir(d))
            cat = ["sh", "-c", 'find "$1" -type f -print0 | xargs -0 cat',
                   "sh", d]
            run_timed(cat)  # warm the page cache
            _, rc, _ = run_timed(report)
            if rc != 0:
                progress("heapline-report failed (exit %d) on %d ranks" %
                         (rc, ranks))
                rows.append([str(ranks), str(nodes)] + ["failed"] * 8)
                continue
            t = {"cat": [], "report": []}
            cpu = {"cat": [], "report": []}
            for rep in range(args.reps):
                for which in rotated(["cat", "report"], rep):
                    wall, _, c = run_timed(cat if which == "cat" else report)
                    t[which].append(wall)
                    cpu[which].append(c)
                progress("report %8d ranks rep %d/%d  cat %.3f s  report "
                         "%.3f s" % (ranks, rep + 1, args.reps,
                                     t["cat"][-1], t["report"][-1]))
            ratio = statistics.median(r / c for r, c in
                                      zip(t["report"], t["cat"]) if c > 0)
            cpu_ratio = statistics.median(r / c for r, c in
                                          zip(cpu["report"], cpu["cat"])
                                          if c > 0)
            cpu_rank = statistics.median(cpu["report"]) / ranks
            per_rank.append((ranks, cpu_rank))
            rss = _peak_rss_mib(report)
            files_ok = created == nodes + 1 and left == nodes + 1
            rows.append([
                str(ranks), str(nodes), "%.1f MiB" % (size / 2**20),
                "%.3f s" % statistics.median(t["cat"]),
                "%.3f s" % statistics.median(t["report"]),
                "%.2f (≤ %.0f %s)" % (ratio, GOAL_RATIO,
                                      _met(ratio <= GOAL_RATIO)),
                "%.2f" % cpu_ratio,
                "%.2f µs" % (cpu_rank * 1e6),
                "-" if rss is None else "%.1f MiB (≤ %d %s)" % (
                    rss, GOAL_RSS_MIB, _met(rss <= GOAL_RSS_MIB)),
                "%d%s (= %d nodes + report.txt: %s)" % (
                    created, ", queue overflowed" if overflow else "",
                    nodes, _met(files_ok and not overflow))])
        finally:
            shutil.rmtree(d, ignore_errors=True)
            shutil.rmtree(local, ignore_errors=True)
    if len(per_rank) > 1:
        (lo, lo_t), (hi, hi_t) = per_rank[0], per_rank[-1]
        growth = hi_t / lo_t if lo_t > 0 else float("inf")
        verdicts.append(
            "CPU time per rank from %d to %d ranks: %.2f µs to %.2f µs, "
            "x%.2f (flat: ≤ x%.1f, %s)" % (lo, hi, lo_t * 1e6, hi_t * 1e6,
                                           growth, GOAL_FLAT,
                                           _met(growth <= GOAL_FLAT)))
    return head, rows, verdicts

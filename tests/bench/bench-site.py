#!/usr/bin/env python3
"""The site report over year-like site folders: for each size in LINES,
writes that many synthetic summary lines (common/site_format.h) spread
over NODES nodes' daily files, with USERS users in ACCOUNTS accounts and
about five single-node steps per job, plus two large jobs a day on 16
nodes each (some OOM-killed on three of them), then runs heapline-site
over the folder (wall time, CPU time, peak RSS). It checks heapline-site's
figures against the generator's own: lines, GiB-hours and OOM-killed steps
exactly, distinct jobs and steps within the 5% heapline-site states, the
jobs that wasted most within the bounds it states (and the true ten where
it says the list is whole); and that the peak RSS does not grow with the
lines (at most 10% and 4 MiB from the smallest size to the largest). With
--heapline-lib, it runs heapline-site once more under libheapline.so and
prints its peak heap, which grows with the lines only by the OOM-killed
steps told apart (16 bytes each: tests/report/site/site-memory-flat.test
checks it equal where they are the same).

usage: bench-site.py --site=PATH [--lines=1000000,10000000] [--nodes=1000]
       [--heapline-lib=libheapline.so] [--keep DIR]"""
import argparse
import array
import heapq
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HEADER = ("end,host,job,step,uid,user,account,partition,request_bytes,"
          "cgroup_peak_bytes,vmhwm_sum_bytes,oom_kills,tasks,elapsed\n")
LINE = "%d,n%04d,%d,%d,%d,user%d,acct%d,%s,%d,%d,%d,%d,%d,%d.000\n"
DAY0 = 1767225600  # 2026-01-01T00:00:00Z
GIB = 1 << 30
BIG_PER_DAY, BIG_NODES = 2, 16
TOP = 10


class Sums:
    """The generator's own figures, summed as the lines are written."""

    def __init__(self):
        self.lines = self.jobs = self.steps = self.oom_steps = 0
        self.requested = self.used = 0.0
        self.waste = array.array("d", [0.0])  # by job id, from 1

    def job(self, job, waste):
        assert job == len(self.waste)
        self.jobs += 1
        self.waste.append(waste)

    def top(self):
        """The TOP jobs of most waste, ties to the smaller id."""
        return heapq.nsmallest(TOP, range(1, len(self.waste)),
                               key=lambda j: (-self.waste[j], j))

    def line(self, req, peak, elapsed):
        self.lines += 1
        self.requested += req * elapsed
        self.used += peak * elapsed
        return (req - peak) * elapsed


def _big_jobs(day, nodes, job):
    """The day's large jobs: {node: [line]}, their waste, the next job id.
    Each wastes a little more than the one before, so the top ten are the
    last ones; every seventh is OOM-killed on three of its nodes."""
    lines, jobs = {}, []
    for b in range(BIG_PER_DAY):
        job += 1
        big = day * BIG_PER_DAY + b
        req, peak = 256 * GIB, 16 * GIB
        elapsed = 43200 + big
        first = (big * BIG_NODES) % nodes
        for k in range(BIG_NODES):
            node = (first + k) % nodes
            oom = 1 if big % 7 == 0 and k < 3 else 0
            lines.setdefault(node, []).append(
                (job, 0, 9999, req, peak, oom, elapsed, big % 200))
        jobs.append((job, big % 7 == 0))
    return lines, jobs, job


def generate(folder, lines, nodes, users, accounts):
    """Writes the files; returns the generator's own sums."""
    days = max(1, lines // (nodes * 25))
    per_file = lines // (nodes * days)
    extra = lines - per_file * nodes * days
    job = 0
    s = Sums()
    for day in range(days):
        stamp = time.strftime("%Y-%m-%d", time.gmtime(DAY0 + day * 86400))
        big, big_jobs, job = _big_jobs(day, nodes, job)
        for j, oom in big_jobs:
            s.steps += 1
            s.oom_steps += oom
            waste = 0.0
            for node_lines in big.values():
                for b in node_lines:
                    if b[0] == j:
                        waste += s.line(b[3], b[4], b[6])
            s.job(j, waste)
        for node in range(nodes):
            count = per_file + (1 if extra > 0 else 0)
            extra -= 1
            out = ["# heapline site 1\n", HEADER]
            waste = 0.0
            for i in range(count):
                if i % 5 == 0:
                    if i:
                        s.job(job, waste)
                    job += 1
                    waste = 0.0
                user = job % users
                req = (1 + job % 8) * GIB
                peak = req * (1 + job % 4) // 8
                elapsed = 60 + job % 3600
                oom = 1 if job % 97 == 0 else 0
                waste += s.line(req, peak, elapsed)
                s.steps += 1
                s.oom_steps += oom
                out.append(LINE % (DAY0 + day * 86400 + i, node, job, i % 5,
                                   10000 + user, user, user % accounts,
                                   "batch", req, peak, peak, oom, 4, elapsed))
            if count:
                s.job(job, waste)
            for j, step, user, req, peak, oom, elapsed, acct in big.get(
                    node, []):
                out.append(LINE % (DAY0 + day * 86400 + 80000, node, j, step,
                                   10000 + user, user, acct, "big", req, peak,
                                   peak, oom, 64, elapsed))
            with open(os.path.join(folder, "n%04d-%s.csv" % (node, stamp)),
                      "w") as f:
                f.writelines(out)
    s.files = days * nodes
    return s


def _close(got, want, rel):
    return abs(got - want) <= rel * want


def check(r, s):
    """What of heapline-site's JSON r differs from the sums s."""
    t = r["total"]
    wrong = []
    if t["lines"] != s.lines:
        wrong.append("lines %d, not %d" % (t["lines"], s.lines))
    for key, want in (("requested_gib_hours", s.requested / GIB / 3600),
                      ("used_gib_hours", s.used / GIB / 3600)):
        if not _close(t[key], want, 1e-6):
            wrong.append("%s %f, not %f" % (key, t[key], want))
    if t["oom_killed_steps"] != s.oom_steps or not r["oom_killed_steps_exact"]:
        wrong.append("OOM-killed steps %d, not %d" % (t["oom_killed_steps"],
                                                      s.oom_steps))
    for key, want in (("jobs", s.jobs), ("steps", s.steps)):
        if not _close(t[key], want, r["distinct_error_pct"] / 100):
            wrong.append("%s %d, not within 5%% of %d" % (key, t[key], want))
    # Each listed job within its bounds; the true top ones not listed under
    # what a job left out may have wasted; the list proved, the true one.
    hours = [w / GIB / 3600 for w in s.waste]
    slack = 1e-6
    listed = [j["job"] for j in r["wasted_most"]]
    for j in r["wasted_most"]:
        w = hours[j["job"]]
        if not (j["wasted_gib_hours"] - slack <= w <= j["wasted_gib_hours"]
                + j["missed_wasted_gib_hours_max"] + slack):
            wrong.append("job %d listed with %f (+%f), wasted %f" % (
                j["job"], j["wasted_gib_hours"],
                j["missed_wasted_gib_hours_max"], w))
        if j["whole"] and abs(j["wasted_gib_hours"] - w) > slack:
            wrong.append("job %d followed whole, but %f, not %f" % (
                j["job"], j["wasted_gib_hours"], w))
    true_top = s.top()
    for j in true_top:
        if j not in listed and hours[j] > r["left_out_wasted_gib_hours_max"] \
                + slack:
            wrong.append("job %d left out, wasted %f, over the bound %f" % (
                j, hours[j], r["left_out_wasted_gib_hours_max"]))
    if r["wasted_most_exact"] and listed != true_top:
        wrong.append("the list said whole: %s, not %s" % (listed, true_top))
    s.listed = "%d of the true %d listed, %d whole, %s" % (
        len(set(listed) & set(true_top)), TOP,
        sum(j["whole"] for j in r["wasted_most"]),
        "the list proved" if r["wasted_most_exact"] else "not proved")
    return wrong


def run(site, lib, lines, nodes, users, accounts, folder):
    t0 = time.monotonic()
    s = generate(folder, lines, nodes, users, accounts)
    gen_s = time.monotonic() - t0
    size = sum(os.path.getsize(os.path.join(folder, n))
               for n in os.listdir(folder))
    # Each size in a child of its own: RUSAGE_CHILDREN's peak RSS is the
    # largest of all the children waited for.
    probe = ("import resource, subprocess, sys, time; t = time.monotonic(); "
             "r = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE); "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "sys.stderr.write('%f %f %d %d' % (time.monotonic() - t, "
             "u.ru_utime + u.ru_stime, u.ru_maxrss, r.returncode)); "
             "sys.stdout.buffer.write(r.stdout)")
    p = subprocess.run([sys.executable, "-c", probe, site, "--format=json",
                        folder], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, check=True)
    wall, cpu, rss, rc = p.stderr.decode().split()[-4:]
    wall, cpu, rss, rc = float(wall), float(cpu), int(rss), int(rc)
    r = json.loads(p.stdout) if rc == 0 else None
    wrong = check(r, s) if r else ["exit status %d" % rc]
    t = r["total"] if r else {"jobs": 0, "steps": 0}
    print("heapline-site over %d lines (%d jobs, %d steps; %.0f MB in %d "
          "files; written in %.0f s):" % (s.lines, s.jobs, s.steps,
                                          size / 1e6, s.files, gen_s))
    print("  wall %.1f s, CPU %.1f s, %.2f us a line, peak RSS %.1f MiB"
          % (wall, cpu, cpu / s.lines * 1e6, rss / 1024))
    print("  jobs %d (%+.2f%%), steps %d (%+.2f%%); the top %d: %s" % (
        t["jobs"], 100 * (t["jobs"] - s.jobs) / s.jobs, t["steps"],
        100 * (t["steps"] - s.steps) / s.steps, TOP,
        getattr(s, "listed", "-")))
    print("  lines, GiB-hours, OOM-killed steps (%d), jobs and steps within "
          "5%%, the top jobs within their bounds: %s" % (
              s.oom_steps, "match" if not wrong else "DO NOT match"))
    for w in wrong:
        print("    " + w)
    if lib:
        print("  peak heap %.2f MiB (libheapline.so)" % (
            peak_heap(site, lib, folder) / (1 << 20)))
    return rss, not wrong


def peak_heap(site, lib, folder):
    """heapline-site's peak heap over folder, as libheapline.so measures
    it."""
    with tempfile.TemporaryDirectory() as d:
        record = os.path.join(d, "record.csv")
        env = dict(os.environ, LD_PRELOAD=lib, HEAPLINE_QUIET="1",
                   HEAPLINE_OUTPUT=record)
        subprocess.run([site, "--format=json", folder], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        with open(record) as f:
            rows = [line for line in f if not line.startswith("#")]
        head = rows[0].rstrip("\n").split(",")
        return int(rows[1].split(",")[head.index("peak_heap_bytes")])


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", required=True, help="the heapline-site program")
    p.add_argument("--lines", default="1000000,10000000",
                   help="sizes, comma-separated")
    p.add_argument("--nodes", type=int, default=1000)
    p.add_argument("--heapline-lib", metavar="PATH",
                   help="libheapline.so: print heapline-site's peak heap")
    p.add_argument("--users", type=int, default=2000)
    p.add_argument("--accounts", type=int, default=200)
    p.add_argument("--keep", metavar="DIR",
                   help="write the folders there and keep them")
    args = p.parse_args()
    good, peaks = True, []
    for lines in (int(n) for n in args.lines.split(",")):
        folder = (os.path.join(args.keep, str(lines)) if args.keep
                  else tempfile.mkdtemp(prefix="hl-bench-site-"))
        os.makedirs(folder, exist_ok=True)
        try:
            rss, ok = run(args.site, args.heapline_lib, lines, args.nodes,
                          args.users, args.accounts, folder)
        finally:
            if not args.keep:
                shutil.rmtree(folder, ignore_errors=True)
        good &= ok
        peaks.append(rss)
    if len(peaks) > 1:
        flat = peaks[-1] <= 1.1 * peaks[0] + 4096
        print("peak RSS from the first size to the last: %.1f to %.1f MiB, "
              "%s" % (peaks[0] / 1024, peaks[-1] / 1024,
                      "flat" if flat else "NOT flat"))
        good &= flat
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())

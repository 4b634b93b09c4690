#!/usr/bin/env python3
"""The site report over a year-like site folder: writes LINES synthetic
summary lines (common/site_format.h) spread over NODES nodes' daily files,
with USERS users in ACCOUNTS accounts and about five lines per job, then
times heapline-site over the folder (wall time, CPU time, peak RSS) and
checks its total against the generator's own sums.

usage: bench-site.py --site=PATH [--lines=10000000] [--nodes=1000]
       [--keep DIR]"""
import argparse
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
DAY0 = 1767225600  # 2026-01-01T00:00:00Z
GIB = 1 << 30


def generate(folder, lines, nodes, users, accounts):
    """Writes the files; returns the generator's own totals."""
    rnd = random.Random(5)
    days = max(1, lines // (nodes * 25))
    per_file = lines // (nodes * days)
    extra = lines - per_file * nodes * days
    job, requested, used = 0, 0.0, 0.0
    jobs = set()
    written = 0
    for day in range(days):
        stamp = time.strftime("%Y-%m-%d", time.gmtime(DAY0 + day * 86400))
        for node in range(nodes):
            count = per_file + (1 if extra > 0 else 0)
            extra -= 1
            out = ["# heapline site 1\n", HEADER]
            for i in range(count):
                if i % 5 == 0:
                    job += 1
                user = job % users
                req = (1 + job % 8) * GIB
                peak = req * (1 + job % 4) // 8
                elapsed = 60 + job % 3600
                jobs.add(job)
                requested += req * elapsed
                used += peak * elapsed
                out.append("%d,n%04d,%d,%d,%d,user%d,acct%d,batch,%d,%d,%d,"
                           "%d,%d,%d.000\n" % (
                               DAY0 + day * 86400 + i, node, job, i % 5,
                               10000 + user, user, user % accounts, req,
                               peak, peak, 1 if job % 97 == 0 else 0, 4,
                               elapsed))
            written += count
            with open(os.path.join(folder, "n%04d-%s.csv" % (node, stamp)),
                      "w") as f:
                f.writelines(out)
    return {"lines": written, "jobs": len(jobs), "files": days * nodes,
            "requested_gib_hours": requested / GIB / 3600,
            "used_gib_hours": used / GIB / 3600}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", required=True, help="the heapline-site program")
    p.add_argument("--lines", type=int, default=10_000_000)
    p.add_argument("--nodes", type=int, default=1000)
    p.add_argument("--users", type=int, default=2000)
    p.add_argument("--accounts", type=int, default=200)
    p.add_argument("--keep", metavar="DIR",
                   help="write the folder there and keep it")
    args = p.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="hl-bench-site-")
    os.makedirs(folder, exist_ok=True)
    try:
        t0 = time.monotonic()
        want = generate(folder, args.lines, args.nodes, args.users,
                        args.accounts)
        gen_s = time.monotonic() - t0
        size = sum(os.path.getsize(os.path.join(folder, n))
                   for n in os.listdir(folder))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        run = subprocess.run([args.site, "--format=json", folder],
                             stdout=subprocess.PIPE, check=False)
        wall = time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    got = json.loads(run.stdout)["total"] if run.returncode == 0 else {}
    good = (run.returncode == 0 and got["lines"] == want["lines"] and
            got["jobs"] == want["jobs"] and
            abs(got["requested_gib_hours"] - want["requested_gib_hours"])
            <= 1e-6 * want["requested_gib_hours"] and
            abs(got["used_gib_hours"] - want["used_gib_hours"])
            <= 1e-6 * want["used_gib_hours"])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print("heapline-site over %d lines (%d jobs, %.0f MB in %d files; "
          "written in %.0f s):" % (want["lines"], want["jobs"], size / 1e6,
                                   want["files"], gen_s))
    print("  wall %.1f s, CPU %.1f s, %.2f M lines/s of CPU, peak RSS %.0f MiB"
          % (wall, cpu, want["lines"] / cpu / 1e6 if cpu else 0,
             after.ru_maxrss / 1024))
    print("  totals %s the generator's" % ("match" if good else "DO NOT match"))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
